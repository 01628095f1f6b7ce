import { describe, expect, it } from 'vitest';
import { bundle as bundleSchema, type SeedFile } from '@/lib/contract';
import { buildQuery } from '@/lib/signing';
import { availableQty } from '../domain/available-qty';
import { call } from '../testing/client';
import { engines } from '../testing/engines';
import { IDS, recipeBundle, stockSku, testSeed } from '../testing/fixtures';
import { overlapOnPostgres, stopEnginesAfterAll, useClockedService } from '../testing/harness';

/**
 * The bundle family against the real service (in-process fetch, real signatures) on PGlite and Postgres.
 * The shared test seed is extended with SKUs and bundles that exercise the availableQty and recipe rules.
 */
const A = IDS.acme;

function bundleSeed(): SeedFile {
  const seed = testSeed();
  const acme = seed.tenants[0]!;
  acme.products.push(
    { id: 20, outerSysCode: 'P020', name: 'Components', productCategoryId: A.teaCategory, status: 'Active' },
    { id: 21, outerSysCode: 'P021', name: 'More components', productCategoryId: A.coffeeCategory, status: 'Active' },
  );
  const sku = (
    id: number,
    productId: number,
    outerSysCode: string,
    inventoryQty: number,
    reservedQty = 0,
    extra = {},
  ) => stockSku(id, productId, outerSysCode, inventoryQty, { reservedQty, ...extra });
  acme.skus.push(
    sku(20, 20, 'FRAC', 0.7),
    sku(21, 20, 'TINY', 0.0003, 0.0001),
    sku(22, 20, 'DUPCODE', 10),
    sku(23, 21, 'dupcode', 10), // same code, other product: allowed for SKUs, ambiguous for a component code
    sku(24, 20, 'NEG', -3, 0, { allowNegativeStock: true }),
    sku(25, 20, 'MiXeD', 50),
    sku(26, 20, 'PLENTY', 1000),
    sku(27, 21, 'HALF', 2.75, 0.25),
  );
  const b = recipeBundle;
  acme.bundles.push(
    b(30, 30, 'B-EXACT', [
      { componentSkuId: 26, quantity: 1, sort: 2 },
      { componentSkuId: 20, quantity: 0.1, sort: 1 },
    ]),
    b(31, 31, 'B-TINY', [{ componentSkuId: 21, quantity: 0.0001, sort: 1 }]),
    b(32, 32, 'B-NEG', [
      { componentSkuId: 24, quantity: 1, sort: 1 },
      { componentSkuId: 26, quantity: 1, sort: 2 },
    ]),
    b(33, 33, 'B-HALF', [
      { componentSkuId: 27, quantity: 0.5, sort: 1 },
      { componentSkuId: 26, quantity: 3, sort: 2 },
    ]),
    b(34, 34, 'BDUP', [{ componentSkuId: 26, quantity: 1, sort: 1 }]),
    b(35, 35, 'BDUP', [{ componentSkuId: 26, quantity: 1, sort: 1 }], {
      status: 'InactiveVisible',
      name: 'Hidden gift',
    }),
    b(36, 36, 'B-EDIT', [
      { componentSkuId: 26, quantity: 1, sort: 1 },
      { componentSkuId: 25, quantity: 2, sort: 2 },
    ]),
    b(37, 37, 'B-TIMES', [{ componentSkuId: 25, quantity: 1, sort: 1 }]),
  );
  return seed;
}

stopEnginesAfterAll();

const START = Date.parse('2026-10-01T00:00:00.000Z');

describe.each(engines())('bundles on $name', (engine) => {
  const { service, clock, api } = useClockedService(engine, bundleSeed(), START);
  const get = (id: number) => api('GET', `/v1/bundles/${id}`);
  const list = (params: [string, string | number][]) => api('GET', `/v1/bundles${buildQuery(params)}`);
  const create = (body: Record<string, unknown>) =>
    api('POST', '/v1/bundles', {
      productCategoryId: A.teaCategory,
      components: [{ componentSkuId: 26, quantity: 1 }],
      ...body,
    });

  describe('reading', () => {
    it('returns exactly the documented fields with the recipe in sort order', async () => {
      const { status, body } = await get(30);
      expect(status).toBe(200);
      expect(bundleSchema.strict().parse(body)).toEqual(body);
      // The bundle as seeded, with its available quantity and its recipe in sort order, each component named.
      expect(body).toEqual({
        ...recipeBundle(30, 30, 'B-EXACT', []),
        availableQty: 7,
        components: [
          {
            componentSkuId: 20,
            componentSkuOuterSysCode: 'FRAC',
            componentSkuName: 'SKU FRAC',
            quantity: 0.1,
            sort: 1,
          },
          {
            componentSkuId: 26,
            componentSkuOuterSysCode: 'PLENTY',
            componentSkuName: 'SKU PLENTY',
            quantity: 1,
            sort: 2,
          },
        ],
      });
    });

    it('answers 404 not_found for a missing id, a foreign bundle and a normal product', async () => {
      for (const id of [9999, IDS.globex.bundle, A.product]) {
        expect(await get(id)).toMatchObject({ status: 404, body: { error: 'not_found' } });
      }
    });
  });

  describe('availableQty', () => {
    it('divides exactly: 0.7 of stock at 0.1 per bundle makes 7, not 6', async () => {
      expect((await get(30)).body.availableQty).toBe(7);
    });

    it('handles a component quantity of 0.0001 with reserved stock', async () => {
      // (0.0003 − 0.0001) / 0.0001 = 2
      expect((await get(31)).body.availableQty).toBe(2);
    });

    it('counts a component that allows negative stock and clamps at 0', async () => {
      expect((await get(32)).body.availableQty).toBe(0);
    });

    it('uses inventory minus reserved at fractional stock and takes the minimum', async () => {
      // HALF: (2.75 − 0.25) / 0.5 = 5; PLENTY: 1000 / 3 = 333 → 5
      expect((await get(33)).body.availableQty).toBe(5);
      await api('POST', '/v1/skus/stock/batch', [{ skuId: 27, inventoryQty: 2.74 }]);
      // (2.74 − 0.25) / 0.5 = 4.98 → 4: a snapshot at query time
      expect((await get(33)).body.availableQty).toBe(4);
      expect((await list([['outerSysCode', 'B-HALF']])).body.data[0].availableQty).toBe(4);
    });

    it('equals the exact reference rule over random 4-decimal stock and recipes', async () => {
      // A fixed-seed PRNG, so a failure reproduces. Stock and reservations are written as the ordering flow
      // would (contract §4: not through /v1), including negative stock.
      let state = 42;
      const rand = () => (state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0) / 2 ** 32;
      const dec4 = (max: number) => Math.round(rand() * max * 10_000) / 10_000;
      const skus = Array.from({ length: 30 }, (_, i) => ({
        id: 900_000 + i,
        inventoryQty: dec4(60) - 5,
        reservedQty: rand() < 0.5 ? dec4(5) : 0,
      }));
      for (const s of skus) {
        await service().db.query(
          `insert into skus (id, tenant_id, product_id, outer_sys_code, name, quantity_precision, status, is_bundle, inventory_qty, reserved_qty, allow_negative_stock)
           values ($1, 1, 20, $2, $2, 4, 'Active', false, $3, $4, $5)`,
          [s.id, `RND-${s.id}`, s.inventoryQty, s.reservedQty, s.inventoryQty < 0],
        );
      }
      const quantities = [0.0001, 0.0003, 0.1, 0.25, 0.7, 1.3333, 3, 7.0001];
      for (let b = 0; b < 25; b++) {
        const picked = [
          ...new Set(Array.from({ length: 1 + Math.floor(rand() * 4) }, () => skus[Math.floor(rand() * skus.length)]!)),
        ];
        const components = picked.map((s) => ({
          componentSkuId: s.id,
          quantity: quantities[Math.floor(rand() * quantities.length)]!,
        }));
        const res = await create({ outerSysCode: `RND-B${b}`, components });
        expect(res.status).toBe(201);
        const expected = availableQty(
          components.map((c) => ({ ...skus.find((s) => s.id === c.componentSkuId)!, quantity: c.quantity })),
        );
        expect({ b, qty: (await get(res.body.id)).body.availableQty }).toEqual({ b, qty: expected });
      }
      const listed = await list([
        ['outerSysCode', 'RND-B'],
        ['pageSize', 100],
      ]);
      expect(listed.body.totalCount).toBe(25);
    });

    it('is computed the same way in the list, page by page', async () => {
      const page = await list([
        ['outerSysCode', 'B-'],
        ['pageSize', 100],
      ]);
      const byCode = Object.fromEntries(
        page.body.data.map((d: { outerSysCode: string; availableQty: number }) => [d.outerSysCode, d.availableQty]),
      );
      expect(byCode).toMatchObject({ 'B-EXACT': 7, 'B-TINY': 2, 'B-NEG': 0 });
    });
  });

  describe('list filters', () => {
    it('pages in id order with the envelope, and never shows another tenant or a normal product', async () => {
      const all = await list([['pageSize', 100]]);
      expect(all.status).toBe(200);
      const ids = all.body.data.map((d: { id: number }) => d.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(ids).not.toContain(IDS.globex.bundle);
      expect(ids).not.toContain(A.product);
      const page2 = await list([
        ['pageSize', 2],
        ['page', 2],
      ]);
      expect(page2.body).toMatchObject({
        currentPage: 2,
        pageSize: 2,
        totalCount: all.body.totalCount,
        totalPages: Math.ceil(all.body.totalCount / 2),
      });
      expect(page2.body.data.map((d: { id: number }) => d.id)).toEqual(ids.slice(2, 4));
    });

    it('matches outerSysCode and name as case-insensitive substrings, status exactly', async () => {
      expect((await list([['outerSysCode', 'b-ex']])).body.data.map((d: { id: number }) => d.id)).toEqual([30]);
      expect((await list([['name', 'hidden GIFT']])).body.data.map((d: { id: number }) => d.id)).toEqual([35]);
      expect((await list([['status', 'InactiveVisible']])).body.data.map((d: { id: number }) => d.id)).toEqual([35]);
      const wrongCase = await list([['status', 'active']]);
      expect(wrongCase.status).toBe(200);
      expect(wrongCase.body).toMatchObject({ data: [], totalCount: 0, totalPages: 0 });
    });

    it('rejects bad paging and updatedSince', async () => {
      expect((await list([['pageSize', 101]])).body).toEqual({ error: 'invalid_page_size' });
      expect((await list([['page', 0]])).body).toEqual({ error: 'invalid_page' });
      expect((await list([['updatedSince', '2026-10-01T00:00:00']])).body).toEqual({ error: 'invalid_updated_since' });
    });

    it('componentSkuId matches only the current recipe', async () => {
      const before = await list([['componentSkuId', 25]]);
      expect(before.body.data.map((d: { id: number }) => d.id)).toEqual(expect.arrayContaining([36, 37]));
      const replaced = await api('PUT', '/v1/bundles/36', {
        components: [{ componentSkuId: 26, quantity: 1, sort: 1 }],
      });
      expect(replaced.status).toBe(200);
      const after = await list([['componentSkuId', 25]]);
      expect(after.body.data.map((d: { id: number }) => d.id)).not.toContain(36);
      expect(after.body.data.map((d: { id: number }) => d.id)).toContain(37);
    });

    it('updatedSince covers the product, the SKU and the recipe rows, and not a component stock change', async () => {
      clock.now = START + 86_400_000;
      const since = new Date(clock.now).toISOString();
      const changed = async () => (await list([['updatedSince', since]])).body.data.map((d: { id: number }) => d.id);
      expect(await changed()).not.toContain(37);

      // A component's stock changes availableQty but none of the three times.
      await api('POST', '/v1/skus/stock/batch', [{ skuId: 25, inventoryQty: 7 }]);
      expect(await changed()).not.toContain(37);

      // A price change touches only the SKU time.
      clock.now += 1000;
      const prices = await api('PUT', '/v1/bundle-prices/batch', [{ id: 37, price: 11 }]);
      expect(prices.body.items[0]).toMatchObject({ status: 'updated', id: 37, skuId: 37 });
      expect(await changed()).toContain(37);

      // A recipe change only the recipe rows' time; the bundle is found from a later instant.
      clock.now += 60_000;
      const later = new Date(clock.now).toISOString();
      const later2 = async () => (await list([['updatedSince', later]])).body.data.map((d: { id: number }) => d.id);
      expect(await later2()).not.toContain(37);
      await api('PUT', '/v1/bundles/37', { components: [{ componentSkuId: 25, quantity: 2, sort: 1 }] });
      expect(await later2()).toContain(37);

      // A product field (name) touches the product time; inclusive at the exact millisecond.
      clock.now += 60_000;
      const exact = new Date(clock.now).toISOString();
      await api('PUT', '/v1/bundles/31', { name: 'Renamed tiny' });
      expect((await list([['updatedSince', exact]])).body.data.map((d: { id: number }) => d.id)).toEqual([31]);
      // +08:00 offsets are honoured: the same instant written in Taipei time.
      const taipei = new Date(clock.now + 8 * 3600_000).toISOString().replace('Z', '+08:00');
      expect((await list([['updatedSince', taipei]])).body.data.map((d: { id: number }) => d.id)).toEqual([31]);
      // Resending the same values does not move any time.
      clock.now += 60_000;
      const after = new Date(clock.now).toISOString();
      await api('PUT', '/v1/bundles/31', {
        name: 'Renamed tiny',
        components: [{ componentSkuId: 21, quantity: 0.0001, sort: 1 }],
      });
      expect((await list([['updatedSince', after]])).body.data).toEqual([]);
    });
  });

  describe('create', () => {
    it('creates an Active bundle with its paired SKU and the stated defaults (201), then upserts by code (200)', async () => {
      const created = await create({
        outerSysCode: 'NEW-1',
        name: 'New box',
        components: [{ componentSkuId: 26, quantity: 2 }],
      });
      expect(created.status).toBe(201);
      expect(created.body).toEqual({ id: expect.any(Number), skuId: expect.any(Number) });
      const read = await get(created.body.id);
      expect(read.body).toMatchObject({
        skuId: created.body.skuId,
        status: 'Active',
        price: 0,
        sellPrice: 0,
        quantityPrecision: 0,
        unit: '',
        availableQty: 500,
        components: [{ componentSkuId: 26, quantity: 2 }],
      });
      const again = await create({ outerSysCode: 'NEW-1', name: 'New box v2' });
      expect(again).toMatchObject({ status: 200, body: created.body });
      expect((await get(created.body.id)).body.name).toBe('New box v2');
      // Bundles stay out of the product and SKU families.
      expect((await api('GET', `/v1/products/${created.body.id}`)).status).toBe(404);
      expect((await api('GET', `/v1/skus/${created.body.skuId}`)).status).toBe(404);
    });

    it('requires a category that can hold products', async () => {
      expect((await create({ productCategoryId: undefined })).body).toEqual({ error: 'product_category_id_required' });
      expect((await create({ productCategoryId: A.rootCategory })).body).toEqual({
        error: 'invalid_product_category_id',
      });
      expect((await create({ productCategoryId: IDS.globex.category })).body).toEqual({
        error: 'invalid_product_category_id',
      });
    });

    it('requires at least one component: omitted, null or empty', async () => {
      for (const components of [undefined, null, []]) {
        const res = await api('POST', '/v1/bundles', {
          outerSysCode: 'NOPE',
          productCategoryId: A.teaCategory,
          components,
        });
        expect(res).toMatchObject({ status: 400, body: { error: 'bundle_components_required' } });
      }
      expect((await list([['outerSysCode', 'NOPE']])).body.totalCount).toBe(0);
    });

    it('applies every component rule', async () => {
      const one = (component: Record<string, unknown>) => create({ components: [component] });
      expect((await one({ quantity: 1 })).body.error).toBe('component_identifier_required');
      expect((await one({ componentSkuOuterSysCode: '   ', quantity: 1 })).body.error).toBe(
        'component_identifier_required',
      );
      expect((await one({ componentSkuId: 99999, quantity: 1 })).body.error).toBe('component_sku_not_found');
      expect((await one({ componentSkuId: IDS.globex.sku, quantity: 1 })).body.error).toBe('component_sku_not_found');
      expect((await one({ componentSkuId: A.bundleSku, quantity: 1 })).body.error).toBe('component_sku_not_found');
      expect((await one({ componentSkuOuterSysCode: 'NO-SUCH', quantity: 1 })).body.error).toBe(
        'component_sku_not_found',
      );
      // A code that matches two SKUs (case-insensitively) is never resolved to one of them.
      expect((await one({ componentSkuOuterSysCode: 'DupCode', quantity: 1 })).body.error).toBe(
        'component_sku_code_ambiguous',
      );
      for (const quantity of [0, -1, 0.00004, 1e17, 'two', null]) {
        expect((await one({ componentSkuId: 26, quantity })).body.error).toBe('invalid_component_quantity');
      }
      // A recipe entry or field of the wrong JSON type is invalid_parameter, never a library message.
      for (const components of [[5], [null], { componentSkuId: 26 }]) {
        expect((await create({ components })).body.error).toBe('invalid_parameter');
      }
      expect((await one({ componentSkuId: 26, quantity: 1, sort: 1.5 })).body.error).toBe('invalid_parameter');
      expect((await one({ componentSkuId: '26', quantity: 1 })).body.error).toBe('invalid_parameter');
      const twice = await create({
        components: [
          { componentSkuId: 25, quantity: 1 },
          { componentSkuOuterSysCode: 'mixed', quantity: 1 },
        ],
      });
      expect(twice.body.error).toBe('duplicate_component_sku');
    });

    it('matches a component code case-insensitively ignoring surrounding spaces, lets the id win, and rounds quantities', async () => {
      const res = await create({
        outerSysCode: 'NEW-RULES',
        components: [
          { componentSkuOuterSysCode: '  mixed ', quantity: 1.23456, sort: 5 },
          // The id wins over a code that would be ambiguous.
          { componentSkuId: 22, componentSkuOuterSysCode: 'DUPCODE', quantity: 0.00005, sort: 1 },
        ],
      });
      expect(res.status).toBe(201);
      expect((await get(res.body.id)).body.components).toEqual([
        {
          componentSkuId: 22,
          componentSkuOuterSysCode: 'DUPCODE',
          componentSkuName: 'SKU DUPCODE',
          quantity: 0.0001,
          sort: 1,
        },
        {
          componentSkuId: 25,
          componentSkuOuterSysCode: 'MiXeD',
          componentSkuName: 'SKU MiXeD',
          quantity: 1.2346,
          sort: 5,
        },
      ]);
    });

    it('reports only the first field error and writes nothing', async () => {
      const res = await create({ outerSysCode: 'LONG', name: 'x'.repeat(101), unit: 'u'.repeat(51), price: -1 });
      expect(res).toMatchObject({ status: 400, body: { error: 'name_too_long' } });
      expect((await create({ outerSysCode: 'LONG', price: 10_000_000 })).body.error).toBe('invalid_price');
      expect((await create({ outerSysCode: 'LONG', quantityPrecision: 5 })).body.error).toBe(
        'invalid_quantity_precision',
      );
      expect((await create({ outerSysCode: 'LONG', spec: 's'.repeat(101) })).body.error).toBe('spec_too_long');
      expect((await create({ outerSysCode: 'LONG', spec: 's'.repeat(100) })).status).toBe(201);
    });

    it('never matches a normal product by code, and never picks one of two bundles', async () => {
      expect((await create({ outerSysCode: 'P001' })).body).toEqual({ error: 'product_type_conflict' });
      expect((await create({ outerSysCode: 'BDUP' })).body).toEqual({ error: 'outer_sys_code_ambiguous' });
    });

    it('creates a new code once when several requests carry it at the same time', async () => {
      const fire = () => Promise.all([1, 2, 3].map((n) => create({ outerSysCode: 'RACE', name: `Racer ${n}` })));
      const results = await overlapOnPostgres(engine, service(), { table: 'products', waiters: 3 }, fire);
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201]);
      expect(new Set(results.map((r) => r.body.id)).size).toBe(1);
      expect((await list([['outerSysCode', 'RACE']])).body.totalCount).toBe(1);
    });

    it('rejects a body that is not an object', async () => {
      expect((await api('POST', '/v1/bundles', [1])).body).toEqual({ error: 'invalid_parameter' });
      expect((await api('POST', '/v1/bundles', 'not json')).body).toEqual({ error: 'invalid_parameter' });
    });
  });

  describe('update', () => {
    it('merges partially and the path id wins over a body id', async () => {
      const res = await api('PUT', '/v1/bundles/34', { id: 35, unit: 'crate', sellPrice: 7.12345 });
      expect(res).toEqual({ status: 200, body: { id: 34, skuId: 34 }, headers: expect.anything() });
      const read = (await get(34)).body;
      expect(read).toMatchObject({
        unit: 'crate',
        sellPrice: 7.1235,
        name: 'Bundle BDUP',
        price: 10,
        status: 'Active',
      });
      expect(read.components).toHaveLength(1);
      expect((await get(35)).body.unit).toBe('box');
    });

    it('answers 404 bundle not found for a missing, foreign or normal-product id', async () => {
      for (const id of [9999, IDS.globex.bundle, A.product]) {
        expect(await api('PUT', `/v1/bundles/${id}`, { name: 'x' })).toMatchObject({
          status: 404,
          body: { error: 'bundle not found' },
        });
      }
      expect((await get(IDS.globex.bundle)).status).toBe(404);
    });

    it('keeps the recipe when components is omitted or null', async () => {
      const before = (await get(33)).body.components;
      await api('PUT', '/v1/bundles/33', { name: 'Still half', components: null });
      expect((await get(33)).body).toMatchObject({ name: 'Still half', components: before });
    });

    it('refuses an empty replacement and changes nothing else', async () => {
      const before = (await get(30)).body;
      const res = await api('PUT', '/v1/bundles/30', { name: 'Should not stick', components: [] });
      expect(res).toMatchObject({ status: 400, body: { error: 'bundle_components_required' } });
      expect((await get(30)).body).toEqual(before);
    });

    it('a replacement that fails on its third component leaves the old recipe and every field intact', async () => {
      const before = (await get(30)).body;
      const res = await api('PUT', '/v1/bundles/30', {
        name: 'Should not stick',
        price: 99,
        components: [
          { componentSkuId: 26, quantity: 1, sort: 1 },
          { componentSkuId: 25, quantity: 1, sort: 2 },
          { componentSkuOuterSysCode: 'NO-SUCH-SKU', quantity: 1, sort: 3 },
        ],
      });
      expect(res).toMatchObject({ status: 400, body: { error: 'component_sku_not_found' } });
      expect((await get(30)).body).toEqual(before);
    });

    it('replaces the whole recipe when the replacement is valid', async () => {
      const res = await api('PUT', '/v1/bundles/32', {
        components: [{ componentSkuOuterSysCode: 'plenty', quantity: 4, sort: 1 }],
      });
      expect(res.status).toBe(200);
      expect((await get(32)).body).toMatchObject({
        availableQty: 250,
        components: [{ componentSkuId: 26, quantity: 4, sort: 1 }],
      });
    });
  });

  describe('batch', () => {
    it('processes items independently, in order, with id and skuId per item', async () => {
      const res = await api('POST', '/v1/bundles/batch', [
        {
          outerSysCode: 'BATCH-1',
          name: 'One',
          productCategoryId: A.teaCategory,
          components: [{ componentSkuId: 26, quantity: 1 }],
        },
        'not an object',
        { outerSysCode: 'BATCH-1', name: 'One, renamed' },
        { id: 9999, name: 'missing' },
        {
          outerSysCode: 'BATCH-2',
          productCategoryId: A.teaCategory,
          components: [{ componentSkuOuterSysCode: 'DUPCODE', quantity: 1 }],
        },
        { id: 30, name: 'x'.repeat(101), unit: 'y'.repeat(51) },
      ]);
      expect(res.status).toBe(200);
      const [created, notObject, updated, missing, ambiguous, tooLong] = res.body.items;
      expect(created).toEqual({
        index: 0,
        status: 'created',
        id: expect.any(Number),
        skuId: expect.any(Number),
        errors: [],
      });
      expect(notObject).toEqual({ index: 1, status: 'failed', id: null, skuId: null, errors: ['invalid_parameter'] });
      expect(updated).toEqual({ index: 2, status: 'updated', id: created.id, skuId: created.skuId, errors: [] });
      expect(missing).toEqual({ index: 3, status: 'failed', id: null, skuId: null, errors: ['not_found'] });
      expect(ambiguous).toMatchObject({ index: 4, status: 'failed', errors: ['component_sku_code_ambiguous'] });
      expect(tooLong).toMatchObject({ index: 5, status: 'failed', errors: ['name_too_long'] });
      expect((await get(created.id)).body.name).toBe('One, renamed');
      expect((await list([['outerSysCode', 'BATCH-2']])).body.totalCount).toBe(0);
    });

    it('rejects an empty batch and a body that is not an array', async () => {
      expect((await api('POST', '/v1/bundles/batch', [])).body).toEqual({ error: 'empty_batch' });
      expect((await api('POST', '/v1/bundles/batch', { a: 1 })).body).toEqual({ error: 'invalid_parameter' });
    });
  });

  describe('prices', () => {
    it('reads the paired SKU prices, with a problem-details 404 for anything but a bundle of the tenant', async () => {
      expect(await api('GET', '/v1/bundles/35/prices')).toMatchObject({
        status: 200,
        body: { price: 10, sellPrice: 8 },
      });
      for (const id of [A.product, IDS.globex.bundle, 9999]) {
        const res = await api('GET', `/v1/bundles/${id}/prices`);
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ status: 404, detail: 'not_found', instance: `/v1/bundles/${id}/prices` });
        expect(Object.keys(res.body).sort()).toEqual(['detail', 'instance', 'status', 'title', 'type']);
      }
    });

    it('updates prices by bundle id and reports failures per item', async () => {
      const res = await api('PUT', '/v1/bundle-prices/batch', [
        { id: 35, price: 12.5, sellPrice: 11.00005 },
        { id: A.product, price: 1 },
        { id: 35, price: 10_000_000 },
        { id: IDS.globex.bundle, price: 1 },
        { price: 1 },
        { id: 35, sellPrice: 9 },
      ]);
      expect(res.body.items).toEqual([
        { index: 0, status: 'updated', id: 35, skuId: 35, errors: [] },
        { index: 1, status: 'failed', id: null, skuId: null, errors: ['not_found'] },
        { index: 2, status: 'failed', id: null, skuId: null, errors: ['invalid_price'] },
        { index: 3, status: 'failed', id: null, skuId: null, errors: ['not_found'] },
        { index: 4, status: 'failed', id: null, skuId: null, errors: ['not_found'] },
        { index: 5, status: 'updated', id: 35, skuId: 35, errors: [] },
      ]);
      expect((await api('GET', '/v1/bundles/35/prices')).body).toEqual({ price: 12.5, sellPrice: 9 });
      expect((await get(35)).body).toMatchObject({ price: 12.5, sellPrice: 9 });
      // The SKU price family never touches a bundle SKU.
      expect((await api('PUT', '/v1/prices/batch', [{ skuId: 35, price: 1 }])).body.items[0].errors).toEqual([
        'not_found',
      ]);
    });
  });

  describe('tenant isolation', () => {
    it('another tenant sees only its own bundles and cannot use our SKUs as components', async () => {
      const other = { creds: { clientId: 'globex-erp', secret: 'globex-erp-secret' }, nowMs: clock.now };
      const res = await call(service(), 'GET', '/v1/bundles', undefined, other);
      expect(res.body.data.map((d: { id: number }) => d.id)).toEqual([IDS.globex.bundle]);
      const write = await call(
        service(),
        'POST',
        '/v1/bundles',
        { productCategoryId: IDS.globex.category, components: [{ componentSkuId: 26, quantity: 1 }] },
        other,
      );
      expect(write.body).toEqual({ error: 'component_sku_not_found' });
    });
  });
});
