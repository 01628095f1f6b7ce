import { describe, expect, it } from 'vitest';
import { sharedFixture } from '@/lib/testing/shared-fixture';
import { encodeReview, REVIEW_HEADER } from '@/lib/contract/history';
import { listAudit, listHistory } from '../audit/audit-log';
import { consoleRequest, createProxyHarness, putAsSteward } from '../testing/proxy-harness';

/** A record's History through the real proxy, service and console database: who, what, old → new. */
const h = sharedFixture(createProxyHarness);

describe('record history', () => {
  it('lists a record’s writes newest first with the person, outcome and the confirmed old → new', async () => {
    const read = await h().proxy(consoleRequest('GET', '/v1/companies/1', { cookie: h().cookies.steward }));
    const old = ((await read.json()) as { cellPhone: string | null }).cellPhone;
    expect(await putAsSteward(h(), '/v1/companies/1', { cellPhone: '02-2700-0001' }, { cellPhone: old })).toBe(200);
    expect(
      await putAsSteward(h(), '/v1/companies/1', { shippingAddress: 'x'.repeat(51) }, { shippingAddress: null }),
    ).toBe(400);

    const history = await listHistory(h().db, 'companies', '1');
    expect(history[0]).toMatchObject({
      userEmail: 'steward@example.com',
      operation: 'PUT /v1/companies/{id}',
      result: 'refused',
    });
    expect(history[1]).toMatchObject({
      result: 'applied',
      changes: [{ field: 'cellPhone', from: old, to: '02-2700-0001' }],
    });
    // Another record's history does not show these writes, nor does another type with the same id.
    expect(await listHistory(h().db, 'companies', '2')).toEqual([]);
    expect(await listHistory(h().db, 'products', '1')).toEqual([]);
  });

  it('files a single-item price batch under its SKU with the field diff', async () => {
    const response = await h().proxy(
      consoleRequest('PUT', '/v1/prices/batch', {
        cookie: h().cookies.steward,
        body: JSON.stringify([{ skuId: 1, price: 42 }]),
        headers: { [REVIEW_HEADER]: encodeReview({ price: 10 })! },
      }),
    );
    expect(response.status).toBe(200);
    const [entry] = await listHistory(h().db, 'skus', '1');
    expect(entry).toMatchObject({
      operation: 'PUT /v1/prices/batch',
      result: 'applied',
      changes: [{ field: 'price', from: 10, to: 42 }],
    });
  });

  it('filters the audit log by person, operation, outcome and date', async () => {
    const all = await listAudit(h().db, { filters: { person: 'steward@example.com' } });
    expect(all.totalCount).toBeGreaterThanOrEqual(3);
    const refused = await listAudit(h().db, { filters: { result: 'refused', operation: 'PUT /v1/companies/{id}' } });
    expect(refused.entries.map((e) => e.result)).toEqual(['refused']);
    expect(refused.entries[0]).toMatchObject({ recordType: 'companies', targetIds: ['1'] });
    expect((await listAudit(h().db, { filters: { person: 'admin@example.com' } })).totalCount).toBe(0);
    expect((await listAudit(h().db, { filters: { to: new Date(Date.now() - 3_600_000) } })).totalCount).toBe(0);
    expect((await listAudit(h().db, { filters: { from: new Date(Date.now() - 3_600_000) } })).totalCount).toBe(
      all.totalCount,
    );
  });
});
