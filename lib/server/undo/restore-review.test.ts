import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { sharedFixture } from '@/lib/testing/shared-fixture';
import { encodeReview, REVIEW_HEADER, REVIEW_LABELS, REVIEW_RESTORES } from '@/lib/contract/history';
import { listAuditGroups } from '../audit/audit-groups';
import { listHistory } from '../audit/audit-log';
import { consoleDbEngines, stopConsoleDbEngines } from '../jobs/testing/db-engines';
import { consoleRequest, createProxyHarness, type ProxyHarness } from '../testing/proxy-harness';
import { reviewRestore } from './restore-review';

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
  const latest = async (type: 'companies' | 'bundles' | 'products' | 'skus', id: string) =>
    (await listHistory(h().db, type, id))[0]!;

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
    // The server's read before the write fails (a write without it still goes): History could not read it.
    h().setFault(async (request) => {
      if (request.method === 'GET') throw new TypeError('fetch failed');
      return h().service.fetch(request);
    });
    await put(h(), '/v1/companies/2', { shortName: 'Short' }, { shortName: 'FORGED-old' });
    h().setFault(null);
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

  it('restores a product’s category by its path: to the live category holding it now, or shows it and leaves it out', async () => {
    // The console's copy of the categories names them in History at the write, as the product form shows them.
    for (const [cid, name, parentId] of [
      [1, 'Beverages', null],
      [2, 'Tea', 1],
      [3, 'Coffee', 1],
    ] as const) {
      await sql`insert into mirror_product_category (id, record, hash)
        values (${cid}, ${JSON.stringify({ id: cid, name, parentId })}::jsonb, 'h') on conflict (id) do nothing`.execute(
        h().db,
      );
    }
    expect((await put(h(), '/v1/products/2', { productCategoryId: 3 }, { productCategoryId: 2 })).status).toBe(200);
    const entry = await latest('products', '2');
    // The ERP replaces "Tea" by a new category of the same path; the old one is renamed.
    await h().service.db.query(`update product_categories set name = 'Tea (retired)' where id = 2`);
    await h().service.db.query(
      `insert into product_categories (id, tenant_id, name, parent_id) select 9, tenant_id, 'Tea', 1 from product_categories where id = 1`,
    );

    const review = await reviewRestore(h().db, h().client, 'products', '2', entry.id);
    expect(review.fields.find((f) => f.field === 'productCategoryId')).toMatchObject({
      before: 2,
      now: 3,
      state: 'holds',
      selected: true,
      value: 9,
      names: { before: 'Beverages › Tea', now: 'Beverages › Coffee', after: 'Beverages › Coffee' },
    });
    const restored = await put(
      h(),
      '/v1/products/2',
      { productCategoryId: 9 },
      { productCategoryId: 3, [REVIEW_RESTORES]: entry.id },
    );
    expect(restored.status).toBe(200);
    expect((await h().client.read('product', 2)).productCategoryId).toBe(9);

    // No live category holds the path any more: the field is shown by it, and left out.
    await h().service.db.query(`update product_categories set name = 'Herbal' where id = 9`);
    const gone = (await reviewRestore(h().db, h().client, 'products', '2', entry.id)).fields[0]!;
    expect(gone).toMatchObject({ field: 'productCategoryId', state: 'referenceGone', selected: false });
    expect(gone.names?.before).toBe('Beverages › Tea');
    expect(gone).not.toHaveProperty('value');
  });

  it('offers a SKU’s prices read from its price read, and restores them through the price batch, linked', async () => {
    const batch = (items: unknown[], review?: Record<string, unknown>) => put(h(), '/v1/prices/batch', items, review);
    expect((await batch([{ skuId: 1, price: 12, sellPrice: 11 }], { price: 10, sellPrice: 9 })).status).toBe(200);
    const entry = await latest('skus', '1');
    // The admin changes the sell price afterwards: only the price still holds the entry's value.
    expect((await put(h(), '/v1/prices/batch', [{ skuId: 1, sellPrice: 10.5 }], undefined, 'admin')).status).toBe(200);

    const review = await reviewRestore(h().db, h().client, 'skus', '1', entry.id);
    const byField = Object.fromEntries(review.fields.map((f) => [f.field, f]));
    expect(byField.price).toMatchObject({
      before: 10,
      now: 12,
      state: 'holds',
      selected: true,
      value: 10,
      prices: true,
    });
    expect(byField.sellPrice).toMatchObject({
      before: 9,
      now: 10.5,
      state: 'changedSince',
      selected: false,
      prices: true,
    });

    // A price batch naming another SKU than the entry's is refused before it is sent.
    const reached = h().reached.length;
    const forged = await batch([{ skuId: 2, price: 10 }], { price: 12, [REVIEW_RESTORES]: entry.id });
    expect(forged).toMatchObject({ status: 409, body: { error: 'restore_not_this_record' } });
    expect(h().reached.length).toBe(reached);

    expect((await batch([{ skuId: 1, price: 10 }], { price: 12, [REVIEW_RESTORES]: entry.id })).status).toBe(200);
    expect(await h().client.read('skuPrice', 1)).toMatchObject({ price: 10, sellPrice: 10.5 });
    expect(await latest('skus', '1')).toMatchObject({
      source: 'restore',
      result: 'applied',
      changes: [{ field: 'price', from: 12, to: 10 }],
      restores: { changeId: entry.id, userEmail: 'steward@example.com' },
    });
  });

  it('offers a bundle’s prices read from its price read, and restores them through the bundle price batch, linked', async () => {
    const batch = (items: unknown[], review?: Record<string, unknown>) =>
      put(h(), '/v1/bundle-prices/batch', items, review);
    const start = await h().client.read('bundlePrices', 10);
    expect(
      (await batch([{ id: 10, price: 240, sellPrice: 220 }], { price: start.price, sellPrice: start.sellPrice }))
        .status,
    ).toBe(200);
    const entry = await latest('bundles', '10');

    const review = await reviewRestore(h().db, h().client, 'bundles', '10', entry.id);
    const byField = Object.fromEntries(review.fields.map((f) => [f.field, f]));
    for (const [field, before, now] of [
      ['price', start.price, 240],
      ['sellPrice', start.sellPrice, 220],
    ] as const) {
      expect(byField[field]).toMatchObject({
        before,
        now,
        state: 'holds',
        selected: true,
        value: before,
        prices: true,
      });
    }

    // Sent as the restore panel sends it: both prices in the one-item batch, the review's values and the entry named.
    const restored = await batch([{ id: 10, price: start.price, sellPrice: start.sellPrice }], {
      price: 240,
      sellPrice: 220,
      [REVIEW_RESTORES]: entry.id,
    });
    expect(restored.status).toBe(200);
    expect(await h().client.read('bundlePrices', 10)).toMatchObject({ price: start.price, sellPrice: start.sellPrice });
    expect(await latest('bundles', '10')).toMatchObject({
      source: 'restore',
      result: 'applied',
      changes: [
        { field: 'price', from: 240, to: start.price },
        { field: 'sellPrice', from: 220, to: start.sellPrice },
      ],
      restores: { changeId: entry.id, userEmail: 'steward@example.com' },
    });
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
