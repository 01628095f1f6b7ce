import { afterAll, describe, expect, it } from 'vitest';
import { sharedFixture } from '@/lib/testing/shared-fixture';
import { encodeReview, REVIEW_HEADER, REVIEW_LABELS, REVIEW_RESTORES } from '@/lib/contract/history';
import { listAuditGroups } from '../audit/audit-groups';
import { listHistory } from '../audit/audit-log';
import { consoleDbEngines, stopConsoleDbEngines } from '../jobs/testing/db-engines';
import { consoleRequest, createProxyHarness, type ProxyHarness } from '../proxy/testing/harness';
import { reviewRestore } from './review';

// "Restore earlier values" (issue 56 point 2): the real proxy writes History, the reference service answers in
// process, and the review reads the live values from it; on PGlite and, where its binaries are, Postgres.

afterAll(stopConsoleDbEngines);

async function put(h: ProxyHarness, path: string, body: unknown, review?: Record<string, unknown>, as = 'steward') {
  const headers = review ? { [REVIEW_HEADER]: encodeReview(review)! } : undefined;
  const cookie = as === 'admin' ? h.cookies.admin : h.cookies.steward;
  const response = await h.proxy(consoleRequest('PUT', path, { cookie, body: JSON.stringify(body), headers }));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(consoleDbEngines())('restoring earlier values on $name', (engine) => {
  const h = sharedFixture(async () => createProxyHarness({ connection: (await engine.open()).connection }));
  const latest = async (type: 'companies' | 'bundles', id: string) => (await listHistory(h().db, type, id))[0]!;

  it('selects only the fields still holding the entry’s new value; a field changed since shows the newer value and who', async () => {
    // Two edits ago: the phone and the address together; then the admin changes the address again.
    await put(h(), '/v1/companies/1', { cellPhone: '02-1111-0001', shippingAddress: 'Old Road 1' });
    const first = await put(
      h(),
      '/v1/companies/1',
      { cellPhone: '02-2222-0002', shippingAddress: 'Middle Road 2' },
      { cellPhone: '02-1111-0001', shippingAddress: 'Old Road 1' },
    );
    expect(first.status).toBe(200);
    const entry = await latest('companies', '1');
    await put(h(), '/v1/companies/1', { shippingAddress: 'New Road 3' }, { shippingAddress: 'Middle Road 2' }, 'admin');

    const review = await reviewRestore(h().db, h().client, 'companies', '1', entry.id);
    expect(review).toMatchObject({ changeId: entry.id, userEmail: 'steward@example.com' });
    const byField = Object.fromEntries(review.fields.map((f) => [f.field, f]));
    expect(byField.cellPhone).toMatchObject({
      before: '02-1111-0001',
      now: '02-2222-0002',
      after: '02-2222-0002',
      state: 'holds',
      selected: true,
      value: '02-1111-0001',
    });
    expect(byField.shippingAddress).toMatchObject({
      before: 'Old Road 1',
      now: 'New Road 3',
      after: 'Middle Road 2',
      state: 'changedSince',
      selected: false,
      changedBy: { email: 'admin@example.com', source: 'form' },
    });
  });

  it('does not offer a field whose old value was never read', async () => {
    await put(h(), '/v1/companies/2', { shortName: 'Short' });
    const entry = await latest('companies', '2');
    const review = await reviewRestore(h().db, h().client, 'companies', '2', entry.id);
    expect(review.fields).toEqual([
      expect.objectContaining({ field: 'shortName', state: 'beforeUnknown', selected: false, before: null }),
    ]);
    expect(review.fields[0]).not.toHaveProperty('value');
  });

  it('maps a recipe’s old lines to live SKUs by code and leaves out a component no longer found', async () => {
    const old = [
      { componentSkuId: 1, quantity: 2, sort: 1 },
      { componentSkuId: 2, quantity: 1, sort: 2 },
    ];
    expect((await put(h(), '/v1/bundles/10', { components: old })).status).toBe(200);
    const labels = { '1': { code: 'S001', name: 'Oolong 100g' }, '2': { code: 'S002', name: 'Green 50g' } };
    const saved = await put(
      h(),
      '/v1/bundles/10',
      { components: [{ componentSkuId: 1, quantity: 3, sort: 1 }] },
      { components: old, [REVIEW_LABELS]: labels },
    );
    expect(saved.status).toBe(200);
    const entry = await latest('bundles', '10');
    // The second component's code is gone: no live SKU holds S002 any more.
    expect((await put(h(), '/v1/skus/2', { outerSysCode: 'S002-RETIRED' }, { outerSysCode: 'S002' })).status).toBe(200);

    const review = await reviewRestore(h().db, h().client, 'bundles', '10', entry.id);
    const recipe = review.fields.find((f) => f.field === 'components')!;
    expect(recipe).toMatchObject({ state: 'holds', selected: true });
    expect(recipe.lines).toEqual([
      { code: 'S001', name: 'Oolong 100g', quantity: 2, liveSkuId: 1 },
      { code: 'S002', name: 'Green 50g', quantity: 1, liveSkuId: null },
    ]);
    expect(recipe.value).toEqual([{ componentSkuId: 1, quantity: 2, sort: 1 }]);
  });

  it('records the save as a restore linking the entry, and refuses a marker naming another record’s change', async () => {
    const history = await listHistory(h().db, 'companies', '1');
    const undone = history.find((e) => e.changes?.some((c) => c.field === 'cellPhone' && c.to === '02-2222-0002'))!;
    const reached = h().reached.length;

    // Company 2's save says it restores company 1's change: refused, and nothing reaches the service.
    const forged = await put(
      h(),
      '/v1/companies/2',
      { cellPhone: '02-1111-0001' },
      { cellPhone: null, [REVIEW_RESTORES]: undone.id },
    );
    expect(forged).toMatchObject({ status: 409, body: { error: 'restore_not_this_record' } });
    const none = await put(h(), '/v1/companies/1', { cellPhone: '1' }, { [REVIEW_RESTORES]: '999999999' });
    expect(none.status).toBe(409);
    expect(h().reached.length).toBe(reached);

    const restored = await put(
      h(),
      '/v1/companies/1',
      { cellPhone: '02-1111-0001' },
      { cellPhone: '02-2222-0002', [REVIEW_RESTORES]: undone.id },
    );
    expect(restored.status).toBe(200);
    const entry = (await listHistory(h().db, 'companies', '1')).find((e) => e.source === 'restore')!;
    expect(entry).toMatchObject({
      source: 'restore',
      result: 'applied',
      changes: [{ field: 'cellPhone', from: '02-2222-0002', to: '02-1111-0001' }],
      restores: { changeId: undone.id, userEmail: 'steward@example.com', source: 'form', at: undone.at },
    });
    // The audit log's entry is the same write, filed under the form's family, and names the entry it undid.
    const audit = await listAuditGroups(h().db, { filters: { record: { type: 'companies', id: '1' } } });
    expect(audit.groups[0]!.entries[0]).toMatchObject({
      operation: 'PUT /v1/companies/{id}',
      result: 'applied',
      restored: { changeId: undone.id, userEmail: 'steward@example.com' },
    });
    // A restore whose answer never came is unknown, never restored: History keeps the link and says so.
    h().setFault(() => Promise.resolve(Response.json({ error: 'internal' }, { status: 500 })));
    try {
      const lost = await put(h(), '/v1/companies/1', { cellPhone: '02-3333-0003' }, { [REVIEW_RESTORES]: undone.id });
      expect(lost.status).toBe(500);
    } finally {
      h().setFault(null);
    }
    expect(await latest('companies', '1')).toMatchObject({ source: 'restore', result: 'unknown' });
  });
});
