import { describe, expect, it } from 'vitest';
import { BUNDLE_SKU_STOCK } from '@/lib/contract';
import { engines } from '../testing/engines';
import { CREDS, IDS } from '../testing/fixtures';
import { callAs, stopEnginesAfterAll, useService } from '../testing/harness';

stopEnginesAfterAll();

const A = IDS.acme;

describe.each(engines())('stock and prices on $name', (engine) => {
  const service = useService(engine);
  const api = callAs(service);

  it('GET stock: availableQty = inventoryQty - reservedQty, not clamped at 0', async () => {
    expect((await api('GET', `/v1/skus/${A.sku}/stock`)).body).toEqual({
      skuId: A.sku,
      inventoryQty: 100,
      reservedQty: 5,
      availableQty: 95,
    });
    expect((await api('GET', `/v1/skus/${A.sku2}/stock`)).body).toEqual({
      skuId: A.sku2,
      inventoryQty: 2.5,
      reservedQty: 4,
      availableQty: -1.5,
    });
  });

  it('GET stock and price: 404 not_found for missing, foreign and bundle SKUs', async () => {
    for (const id of [99_999, IDS.globex.sku, A.bundleSku]) {
      expect(await api('GET', `/v1/skus/${id}/stock`)).toMatchObject({ status: 404, body: { error: 'not_found' } });
      expect(await api('GET', `/v1/skus/${id}/price`)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    }
  });

  it('stock batch sets the absolute on-hand quantity and reports each error', async () => {
    const res = await api('POST', '/v1/skus/stock/batch', [
      { skuId: A.sku, inventoryQty: 80 },
      { inventoryQty: 1 },
      { skuId: 99_999, inventoryQty: 1 },
      { skuId: IDS.globex.sku, inventoryQty: 1 },
      { skuId: A.bundleSku, inventoryQty: 50 },
      { skuId: A.sku },
      { skuId: A.sku, inventoryQty: -1 },
      { skuId: A.sku, inventoryQty: 1.5 },
      { skuId: A.sku2, inventoryQty: 1.25 },
      { skuId: A.sku2, inventoryQty: 1.255 },
      { skuId: 'one', inventoryQty: 1 },
    ]);
    expect(res.body.items.map((i: { status: string; errors: string[] }) => [i.status, i.errors])).toEqual([
      ['updated', []],
      ['failed', ['sku_id_required']],
      ['failed', ['not_found']],
      ['failed', ['not_found']],
      ['failed', [BUNDLE_SKU_STOCK]],
      ['failed', ['inventory_qty_required']],
      ['failed', ['invalid_inventory_qty']],
      ['failed', ['invalid_inventory_qty']],
      ['updated', []],
      ['failed', ['invalid_inventory_qty']],
      ['failed', ['invalid_parameter']],
    ]);
    expect(res.body.items[0]).toEqual({ index: 0, status: 'updated', id: A.sku, errors: [] });
    expect((await api('GET', `/v1/skus/${A.sku}/stock`)).body).toMatchObject({
      inventoryQty: 80,
      reservedQty: 5,
      availableQty: 75,
    });
    expect((await api('GET', `/v1/skus/${A.sku2}`)).body.inventoryQty).toBe(1.25);
    // The bundle SKU's stock was not written.
    const [bundleSku] = await service().db.query<{ inventory_qty: number }>(
      'select inventory_qty from skus where id = $1',
      [A.bundleSku],
    );
    expect(bundleSku?.inventory_qty).toBe(0);
    expect((await api('GET', `/v1/skus/${IDS.globex.sku}/stock`, undefined, CREDS.other)).body.inventoryQty).toBe(1);
  });

  it('reports several stock errors together', async () => {
    const res = await api('POST', '/v1/skus/stock/batch', [{}]);
    expect(res.body.items[0].errors).toEqual(['sku_id_required', 'inventory_qty_required']);
  });

  it('SKU price batch: partial update, invalid_price, not_found for missing, foreign and bundle SKUs', async () => {
    const res = await api('PUT', '/v1/prices/batch', [
      { skuId: A.sku2, sellPrice: 4.75 },
      { skuId: A.sku2, price: 10_000_000 },
      { skuId: 99_999, price: 1 },
      { skuId: IDS.globex.sku, price: 1 },
      { skuId: A.bundleSku, price: 1 },
      { price: 1 },
    ]);
    expect(res.body.items.map((i: { status: string; errors: string[] }) => [i.status, i.errors])).toEqual([
      ['updated', []],
      ['failed', ['invalid_price']],
      ['failed', ['not_found']],
      ['failed', ['not_found']],
      ['failed', ['not_found']],
      ['failed', ['not_found']],
    ]);
    expect((await api('GET', `/v1/skus/${A.sku2}/price`)).body).toEqual({ price: 5.5, sellPrice: 4.75 });
    const [bundleSku] = await service().db.query<{ price: number }>('select price from skus where id = $1', [
      A.bundleSku,
    ]);
    expect(bundleSku?.price).toBe(30);
  });

  it('stock and price batches follow the batch conventions', async () => {
    expect(await api('POST', '/v1/skus/stock/batch', [])).toMatchObject({
      status: 400,
      body: { error: 'empty_batch' },
    });
    expect(await api('PUT', '/v1/prices/batch', { skuId: 1 })).toMatchObject({
      status: 400,
      body: { error: 'invalid_parameter' },
    });
    const many = Array.from({ length: 1001 }, () => ({ skuId: A.sku, inventoryQty: 1 }));
    expect(await api('POST', '/v1/skus/stock/batch', many)).toMatchObject({
      status: 400,
      body: { error: 'batch_too_large' },
    });
  });

  // Two integrations writing the same SKUs at once, listed in opposite orders: each batch locks its SKUs in id
  // order before writing, so neither waits on the other in a cycle (Postgres would abort one item as a
  // deadlock, answered as a failed item that was valid). PGlite has one connection: nothing runs at once there.
  it.skipIf(engine.name === 'pglite')(
    'concurrent batches over the same SKUs in opposite orders all apply',
    async () => {
      const ids = [A.sku, A.sku2];
      for (const [path, method, item] of [
        ['/v1/prices/batch', 'PUT', (skuId: number, n: number) => ({ skuId, sellPrice: n })],
        ['/v1/skus/stock/batch', 'POST', (skuId: number, n: number) => ({ skuId, inventoryQty: n })],
      ] as const) {
        const answers = await Promise.all(
          Array.from({ length: 16 }, (_, n) => {
            const order = n % 2 === 0 ? ids : [...ids].reverse();
            const items = Array.from({ length: 10 }, (_, k) => item(order[k % 2]!, n + 1));
            return api(method, path, items);
          }),
        );
        for (const answer of answers) {
          expect(answer.status).toBe(200);
          const items = (answer.body as { items: { status: string }[] }).items;
          expect(items.map((i) => i.status)).toEqual(Array(10).fill('updated'));
        }
      }
    },
  );
});
