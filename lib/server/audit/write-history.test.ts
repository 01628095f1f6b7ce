import { beforeEach, describe, expect, it } from 'vitest';
import { sharedFixture } from '@/lib/testing/shared-fixture';
import { encodeReview, REVIEW_HEADER } from '@/lib/contract/history';
import { consoleRequest, createProxyHarness, putAsSteward } from '../testing/proxy-harness';
import { listAudit, listHistory, listHistoryPage } from './audit-log';

/**
 * What a record's History keeps of a write whose outcome is not "applied", through the real proxy, service and
 * console database. The unknown outcome is a fault the service cannot produce: a 500 put in front of it after
 * the service applied the write (the worst case: it was written, and nobody can tell).
 */
const h = sharedFixture(createProxyHarness);

beforeEach(() => h().setFault(null));

/** A field of a record as the service holds it now. */
async function heldValue(path: string, field: string): Promise<unknown> {
  const response = await h().proxy(consoleRequest('GET', path, { cookie: h().cookies.viewer }));
  return ((await response.json()) as Record<string, unknown>)[field];
}

describe('History of writes that were not applied', () => {
  it('records an unknown outcome as unknown, with the values sent, never as applied', async () => {
    const held = await heldValue('/v1/companies/2', 'cellPhone');
    h().setFault(async (request) => {
      const answer = await h().service.fetch(request);
      return request.method === 'GET' ? answer : Response.json({ error: 'internal' }, { status: 500 });
    });
    expect(await putAsSteward(h(), '/v1/companies/2', { cellPhone: '02-5555-0002' }, { cellPhone: held })).toBe(500);
    const [entry] = await listHistory(h().db, 'companies', '2');
    expect(entry).toMatchObject({
      result: 'unknown',
      source: 'form',
      oldRead: true,
      changes: [{ field: 'cellPhone', from: held, to: '02-5555-0002' }],
    });
    expect(entry!.action).toBeNull();
  });

  it('records a refused write with no change to the record', async () => {
    expect(
      await putAsSteward(h(), '/v1/companies/3', { shippingAddress: 'x'.repeat(51) }, { shippingAddress: null }),
    ).toBe(400);
    const [entry] = await listHistory(h().db, 'companies', '3');
    expect(entry).toMatchObject({ result: 'refused', changes: null, oldRead: false });
  });

  it('says the old value was not read when the server could not read it before the write', async () => {
    h().setFault(async (request) => {
      if (request.method === 'GET') throw new TypeError('fetch failed');
      return h().service.fetch(request);
    });
    expect(await putAsSteward(h(), '/v1/companies/4', { cellPhone: '02-4444-0004' })).toBe(200);
    const [entry] = await listHistory(h().db, 'companies', '4');
    expect(entry).toMatchObject({
      result: 'applied',
      action: 'updated',
      oldRead: false,
      changes: [{ field: 'cellPhone', to: '02-4444-0004' }],
    });
    expect(entry!.changes![0]).not.toHaveProperty('from');
  });

  it('files a one-item stock batch as a panel write, and pages through older entries', async () => {
    const seeded = await heldValue('/v1/skus/2', 'inventoryQty');
    for (const qty of [5, 6, 7]) {
      const response = await h().proxy(
        consoleRequest('POST', '/v1/skus/stock/batch', {
          cookie: h().cookies.steward,
          body: JSON.stringify([{ skuId: 2, inventoryQty: qty }]),
          headers: { [REVIEW_HEADER]: encodeReview({ inventoryQty: qty - 1 })! },
        }),
      );
      expect(response.status).toBe(200);
    }
    const first = await listHistoryPage(h().db, 'skus', '2', { limit: 2 });
    expect(first.entries.map((e) => e.changes?.[0])).toEqual([
      expect.objectContaining({ field: 'inventoryQty', from: 6, to: 7 }),
      expect.objectContaining({ field: 'inventoryQty', from: 5, to: 6 }),
    ]);
    expect(first.entries[0]).toMatchObject({ source: 'panel', result: 'applied' });
    const second = await listHistoryPage(h().db, 'skus', '2', { limit: 2, older: first.older });
    // The first write's old value is the platform's, not the review's 4.
    expect(second.entries.map((e) => e.changes?.[0])).toEqual([
      expect.objectContaining({ field: 'inventoryQty', from: seeded, to: 5, ...(seeded === 4 ? {} : { reviewed: 4 }) }),
    ]);
    expect(second.older).toBeNull();
    expect(
      (await listAudit(h().db, { filters: { family: 'panel', record: { type: 'skus', id: '2' } } })).totalCount,
    ).toBe(3);
    expect(
      (await listAudit(h().db, { filters: { family: 'bulk', record: { type: 'skus', id: '2' } } })).totalCount,
    ).toBe(0);
  });
});
