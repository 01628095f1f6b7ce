import { describe, expect, it } from 'vitest';
import {
  BUNDLE_PRODUCT_NO_SKUS,
  BUNDLE_SKU_NOT_UPDATABLE,
  SKU_CODE_REQUIRED,
  SKU_PRODUCT_REQUIRED,
} from '@/lib/contract';
import { call } from '../testing/client';
import { engines } from '../testing/engines';
import { IDS } from '../testing/fixtures';
import { callAs, expectNoSuchRecord, stopEnginesAfterAll, useService, withRefusedRows } from '../testing/harness';

stopEnginesAfterAll();

const A = IDS.acme;

describe.each(engines())('SKUs on $name', (engine) => {
  const service = useService(engine);
  const api = callAs(service);

  it('creates with defaults: empty strings, prices 0, precision 0, Active, no stock; never sells below zero', async () => {
    const created = await api('POST', '/v1/skus', { productId: A.product, outerSysCode: 'SK-NEW' });
    expect(created.status).toBe(201);
    expect((await api('GET', `/v1/skus/${created.body.id}`)).body).toEqual({
      id: created.body.id,
      productId: A.product,
      outerSysCode: 'SK-NEW',
      name: '',
      barcode: '',
      warehouse: '',
      unit: '',
      spec: '',
      price: 0,
      sellPrice: 0,
      quantityPrecision: 0,
      status: 'Active',
      inventoryQty: 0,
    });
    const [row] = await service().db.query<{ allow_negative_stock: boolean }>(
      'select allow_negative_stock from skus where id = $1',
      [created.body.id],
    );
    expect(row?.allow_negative_stock).toBe(false);
  });

  it('de-duplicates by productId plus outerSysCode: the same code under another product is another SKU', async () => {
    const res = await api('POST', '/v1/skus/batch', [
      { productId: A.product, outerSysCode: 'SK-SCOPE', price: 1 },
      { productId: A.product, outerSysCode: 'SK-SCOPE', price: 2 },
      { productId: A.product2, outerSysCode: 'SK-SCOPE', price: 3 },
    ]);
    const [a, b, c] = res.body.items;
    expect(a.status).toBe('created');
    expect(b).toEqual({ index: 1, status: 'updated', id: a.id, errors: [] });
    expect(c.status).toBe('created');
    expect(c.id).not.toBe(a.id);
    expect((await api('GET', `/v1/skus/${a.id}/price`)).body).toEqual({ price: 2, sellPrice: 0 });
    expect(
      await api('POST', '/v1/skus', { productId: A.product, outerSysCode: 'SK-SCOPE', name: 'again' }),
    ).toMatchObject({ status: 200, body: { id: a.id } });
  });

  it('merges partially and never changes inventoryQty; prices are stored at 4 decimals', async () => {
    const res = await api('PUT', `/v1/skus/${A.sku}`, {
      name: 'Oolong 100g tin',
      price: 12.345678,
      inventoryQty: 5,
      id: 999,
    });
    expect(res).toMatchObject({ status: 200, body: { id: A.sku } });
    expect((await api('GET', `/v1/skus/${A.sku}`)).body).toMatchObject({
      name: 'Oolong 100g tin',
      barcode: '4710001',
      price: 12.3457,
      sellPrice: 9,
      inventoryQty: 100,
    });
  });

  it(`"${SKU_PRODUCT_REQUIRED}" for a missing, zero or negative productId on create`, async () => {
    for (const productId of [undefined, null, 0, -4]) {
      expect(await api('POST', '/v1/skus', { productId, outerSysCode: 'SK-NOPROD' })).toMatchObject({
        status: 400,
        body: { error: SKU_PRODUCT_REQUIRED },
      });
    }
  });

  it(`"${SKU_CODE_REQUIRED}" for a missing or empty outerSysCode on create`, async () => {
    for (const outerSysCode of [undefined, null, '']) {
      expect(await api('POST', '/v1/skus', { productId: A.product, outerSysCode })).toMatchObject({
        status: 400,
        body: { error: SKU_CODE_REQUIRED },
      });
    }
    const batch = await api('POST', '/v1/skus/batch', [{ name: 'nothing' }]);
    expect(batch.body.items[0].errors).toEqual([SKU_PRODUCT_REQUIRED, SKU_CODE_REQUIRED]);
  });

  it('invalid_product_id for a product that is missing or foreign, on create and on a move', async () => {
    for (const productId of [99_999, IDS.globex.product]) {
      expect(await api('POST', '/v1/skus', { productId, outerSysCode: 'SK-BADPROD' })).toMatchObject({
        status: 400,
        body: { error: 'invalid_product_id' },
      });
      expect(await api('PUT', `/v1/skus/${A.sku}`, { productId })).toMatchObject({
        status: 400,
        body: { error: 'invalid_product_id' },
      });
    }
    expect((await api('GET', `/v1/skus/${A.sku}`)).body.productId).toBe(A.product);
  });

  it('moves a SKU to another product when productId changes on update', async () => {
    const created = await api('POST', '/v1/skus', { productId: A.product, outerSysCode: 'SK-MOVE' });
    expect(await api('PUT', `/v1/skus/${created.body.id}`, { productId: A.product2 })).toMatchObject({ status: 200 });
    expect((await api('GET', `/v1/skus/${created.body.id}`)).body.productId).toBe(A.product2);
  });

  it(`bundle guards: "${BUNDLE_PRODUCT_NO_SKUS}", "${BUNDLE_SKU_NOT_UPDATABLE}", bundle SKUs are not found by GET`, async () => {
    expect(await api('POST', '/v1/skus', { productId: A.bundle, outerSysCode: 'SK-INBUNDLE' })).toMatchObject({
      status: 400,
      body: { error: BUNDLE_PRODUCT_NO_SKUS },
    });
    const batch = await api('POST', '/v1/skus/batch', [
      { productId: A.bundle, outerSysCode: 'SK-INBUNDLE' },
      { id: A.bundleSku, name: 'x' },
    ]);
    expect(batch.body.items[0].errors).toEqual([BUNDLE_PRODUCT_NO_SKUS]);
    expect(batch.body.items[1].errors).toEqual([BUNDLE_SKU_NOT_UPDATABLE]);
    expect(await api('PUT', `/v1/skus/${A.bundleSku}`, { name: 'x' })).toMatchObject({
      status: 400,
      body: { error: BUNDLE_SKU_NOT_UPDATABLE },
    });
    expect(await api('PUT', `/v1/skus/${A.sku}`, { productId: A.bundle })).toMatchObject({
      status: 400,
      body: { error: BUNDLE_PRODUCT_NO_SKUS },
    });
    expect(await api('GET', `/v1/skus/${A.bundleSku}`)).toMatchObject({ status: 404, body: { error: 'not_found' } });
    const [bundleSku] = await service().db.query<{ name: string; product_id: number }>(
      'select name, product_id from skus where id = $1',
      [A.bundleSku],
    );
    expect(bundleSku).toEqual({ name: 'Tea gift set', product_id: A.bundle });
  });

  it('missing and foreign ids: GET 404 not_found, PUT 404 "sku not found", batch not_found', async () => {
    for (const id of [99_999, IDS.globex.sku]) await expectNoSuchRecord(api, 'skus', 'sku', id);
  });

  it.each([
    ['outerSysCode', 50, 'outer_sys_code_too_long'],
    ['name', 100, 'name_too_long'],
    ['barcode', 50, 'barcode_too_long'],
    ['warehouse', 50, 'warehouse_too_long'],
    ['unit', 50, 'unit_too_long'],
    ['spec', 50, 'spec_too_long'],
  ])('%s: %i characters is fine, one more is %s', async (field, max, code) => {
    const value = 'é'.repeat(max);
    const ok = await api('POST', '/v1/skus', { productId: A.product, outerSysCode: `SL-${field}`, [field]: value });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    expect(await api('PUT', `/v1/skus/${ok.body.id}`, { [field]: `${value}é` })).toMatchObject({
      status: 400,
      body: { error: code },
    });
  });

  it('price and sellPrice 0 to 9,999,999.99 (invalid_price); quantityPrecision 0 to 4 (invalid_quantity_precision)', async () => {
    expect(
      await api('PUT', `/v1/skus/${A.sku2}`, { price: 9_999_999.99, sellPrice: 0, quantityPrecision: 4 }),
    ).toMatchObject({ status: 200 });
    for (const body of [{ price: -0.01 }, { sellPrice: 10_000_000 }]) {
      expect(await api('PUT', `/v1/skus/${A.sku2}`, body)).toMatchObject({
        status: 400,
        body: { error: 'invalid_price' },
      });
    }
    for (const quantityPrecision of [5, -1, 1.5]) {
      expect(await api('PUT', `/v1/skus/${A.sku2}`, { quantityPrecision })).toMatchObject({
        status: 400,
        body: { error: 'invalid_quantity_precision' },
      });
    }
    await api('PUT', `/v1/skus/${A.sku2}`, { price: 5.5, sellPrice: 5, quantityPrecision: 2 });
  });

  it('reports every field error of a SKU', async () => {
    const res = await api('POST', '/v1/skus/batch', [
      { productId: A.product, outerSysCode: 'SK-MULTI', name: 'n'.repeat(101), unit: 'u'.repeat(51), price: -1 },
    ]);
    expect(res.body.items[0]).toEqual({
      index: 0,
      status: 'failed',
      id: null,
      errors: ['name_too_long', 'unit_too_long', 'invalid_price'],
    });
    expect((await api('GET', '/v1/skus?outerSysCode=SK-MULTI')).body.totalCount).toBe(0);
  });
});

describe.each(engines())('SKU batch semantics on $name', (engine) => {
  const service = useService(engine);
  const api = (method: string, path: string, body?: unknown) => call(service(), method, path, body);

  it('items see the effects of earlier items in the same batch, in order', async () => {
    const created = await api('POST', '/v1/skus', { productId: A.product, outerSysCode: 'SEM-OLD', name: 'old' });
    const res = await api('POST', '/v1/skus/batch', [
      { productId: A.product, outerSysCode: 'SEM-A', name: 'a1' },
      { productId: A.product, outerSysCode: 'SEM-A', spec: 'spec-a' },
      { id: created.body.id, outerSysCode: 'SEM-B' },
      { productId: A.product, outerSysCode: 'SEM-B', name: 'renamed via new code' },
      { productId: A.product, outerSysCode: 'SEM-NUL', name: 'bad\u0000name' },
      { productId: A.product, outerSysCode: 'SEM-OLD', name: 'new under the old code' },
      { id: created.body.id, price: 7 },
    ]);
    const items = res.body.items as { status: string; id: number | null; errors: string[] }[];
    expect(items.map((i) => i.status)).toEqual([
      'created',
      'updated',
      'updated',
      'updated',
      'failed',
      'created',
      'updated',
    ]);
    expect(items[1]!.id).toBe(items[0]!.id);
    expect(items[3]!.id).toBe(created.body.id);
    expect(items[4]!.errors).toEqual(['invalid_parameter']);
    expect(items[5]!.id).not.toBe(created.body.id);
    expect((await api('GET', `/v1/skus/${items[0]!.id}`)).body).toMatchObject({
      name: 'a1',
      spec: 'spec-a',
      outerSysCode: 'SEM-A',
    });
    expect((await api('GET', `/v1/skus/${created.body.id}`)).body).toMatchObject({
      outerSysCode: 'SEM-B',
      name: 'renamed via new code',
      price: 7,
    });
    expect((await api('GET', `/v1/skus/${items[5]!.id}`)).body).toMatchObject({
      outerSysCode: 'SEM-OLD',
      name: 'new under the old code',
    });
    expect((await api('GET', '/v1/skus?outerSysCode=SEM-NUL')).body.totalCount).toBe(0);
  });

  it('when the database refuses one item, only that item fails and the rest are written', async () => {
    // The bulk write fails and the batch re-runs item by item.
    await withRefusedRows(service(), 'skus', "new.name = 'explode'", async () => {
      const res = await api('POST', '/v1/skus/batch', [
        { productId: A.product, outerSysCode: 'FALL-1', name: 'fine' },
        { productId: A.product, outerSysCode: 'FALL-2', name: 'explode' },
        { productId: A.product, outerSysCode: 'FALL-1', spec: 'second write' },
      ]);
      const items = res.body.items as { status: string; id: number | null; errors: string[] }[];
      expect(items.map((i) => [i.status, i.errors])).toEqual([
        ['created', []],
        ['failed', ['invalid_parameter']],
        ['updated', []],
      ]);
      expect(items[2]!.id).toBe(items[0]!.id);
      const codes = (await api('GET', '/v1/skus?outerSysCode=FALL-')).body.data.map(
        (s: { outerSysCode: string; spec: string }) => [s.outerSysCode, s.spec],
      );
      expect(codes).toEqual([['FALL-1', 'second write']]);
    });
  });
});
