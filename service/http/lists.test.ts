import { describe, expect, it } from 'vitest';
import { buildQuery } from '@/lib/signing';
import { call } from '../testing/client';
import { engines } from '../testing/engines';
import { CREDS, IDS } from '../testing/fixtures';
import { stopEnginesAfterAll, useService } from '../testing/harness';

stopEnginesAfterAll();

let clock = Date.UTC(2026, 10, 2, 8, 0, 0, 123);
const now = () => clock;

describe.each(engines())('list conventions on $name', (engine) => {
  const service = useService(engine, { now });
  const acme = `(select id from tenants where key = 'acme')`;
  /** The tenant's SKUs as the table holds them, id ascending (bundles are not in the SKU list). */
  const listed = async () =>
    (
      await service().db.query<{ id: string }>(
        `select id::text as id from skus where tenant_id = ${acme} and not is_bundle order by skus.id`,
      )
    ).map((r) => Number(r.id));
  const get = (path: string, params: [string, string | number][] = []) =>
    call(service(), 'GET', `${path}${buildQuery(params)}`, undefined, { nowMs: clock });

  it('answers the envelope with defaults page 1 and pageSize 100, ordered by id', async () => {
    const res = await get('/v1/companies');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ totalCount: 4, currentPage: 1, pageSize: 100, totalPages: 1 });
    expect(res.body.data.map((c: { id: number }) => c.id)).toEqual([1, 2, 3, 4]);
    expect(Object.keys(res.body.data[0]).sort()).toEqual(
      ['cellPhone', 'id', 'internalUserId', 'name', 'outerSysCode', 'shippingAddress', 'shortName', 'status'].sort(),
    );
  });

  it('pages: totalCount covers all pages, totalPages = ceil, and a page past the end is an empty array', async () => {
    const second = await get('/v1/companies', [
      ['page', 2],
      ['pageSize', 3],
    ]);
    expect(second.body).toMatchObject({ totalCount: 4, currentPage: 2, pageSize: 3, totalPages: 2 });
    expect(second.body.data.map((c: { id: number }) => c.id)).toEqual([4]);
    const past = await get('/v1/companies', [
      ['page', 9],
      ['pageSize', 3],
    ]);
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ data: [], totalCount: 4, currentPage: 9, totalPages: 2 });
    const none = await get('/v1/companies', [['name', 'no such company']]);
    expect(none.body).toEqual({ data: [], totalCount: 0, currentPage: 1, pageSize: 100, totalPages: 0 });
  });

  it('matches parameter names case-insensitively', async () => {
    const res = await get('/v1/companies', [
      ['PAGE', 2],
      ['PageSize', 1],
      ['NAME', 'tea'],
    ]);
    expect(res.body).toMatchObject({ currentPage: 2, pageSize: 1, totalCount: 1, data: [] });
    const upper = await get('/v1/companies', [['OuterSysCode', 'c00']]);
    expect(upper.body.totalCount).toBe(2);
  });

  it.each([
    [[['page', 0]], 'invalid_page'],
    [[['page', -1]], 'invalid_page'],
    [[['page', '2147483648']], 'invalid_page'],
    [
      [
        ['page', '21474838'],
        ['pageSize', 100],
      ],
      'invalid_page',
    ],
    [[['pageSize', 0]], 'invalid_page_size'],
    [[['pageSize', 101]], 'invalid_page_size'],
    [[['page', 'abc']], 'invalid_parameter'],
    [[['page', '1.5']], 'invalid_parameter'],
    [[['pageSize', 'ten']], 'invalid_parameter'],
    [[['internalUserId', 'x']], 'invalid_parameter'],
    [[['updatedSince', '2026-01-01T00:00:00']], 'invalid_updated_since'],
    [[['updatedSince', '2026-01-01']], 'invalid_updated_since'],
    [[['updatedSince', 'yesterday']], 'invalid_updated_since'],
  ] as [[string, string | number][], string][])('%j gives 400 %s', async (params, code) => {
    const res = await get('/v1/companies', params);
    expect(res).toMatchObject({ status: 400, body: { error: code } });
  });

  it('accepts the last page whose offset fits in 32 bits', async () => {
    const res = await get('/v1/companies', [
      ['page', '21474837'],
      ['pageSize', 100],
    ]);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
  });

  it('updatedSince is inclusive to the millisecond and accepts Z and ±hh:mm zones', async () => {
    // Later than anything seeded or written before, on every engine run.
    clock += 86_400_333;
    const created = await call(
      service(),
      'POST',
      '/v1/companies',
      { outerSysCode: 'SINCE-1', name: 'Since' },
      { nowMs: clock },
    );
    expect(created.status).toBe(201);
    const at = new Date(clock).toISOString();
    const exact = await get('/v1/companies', [['updatedSince', at]]);
    expect(exact.body.data.map((c: { outerSysCode: string }) => c.outerSysCode)).toEqual(['SINCE-1']);
    const later = await get('/v1/companies', [['updatedSince', new Date(clock + 1).toISOString()]]);
    expect(later.body.totalCount).toBe(0);
    const plus8 = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().replace('Z', '');
    const offset = await get('/v1/companies', [['updatedSince', `${plus8(clock)}+08:00`]]);
    expect(offset.body.totalCount).toBe(1);
    const compact = await get('/v1/companies', [['updatedSince', `${plus8(clock + 1)}+0800`]]);
    expect(compact.body.totalCount).toBe(0);
  });

  it('substring filters are case-insensitive and treat %, _ and \\ literally', async () => {
    // "Second 100% Shop" is the only name with a percent sign; "Green_Tea" the only one with an underscore.
    expect((await get('/v1/companies', [['name', '%']])).body.data.map((c: { id: number }) => c.id)).toEqual([
      IDS.acme.company2,
    ]);
    expect((await get('/v1/companies', [['name', '0% s']])).body.totalCount).toBe(1);
    expect((await get('/v1/companies', [['name', 'first%house']])).body.totalCount).toBe(0);
    expect((await get('/v1/products', [['name', '_']])).body.data.map((p: { id: number }) => p.id)).toEqual([
      IDS.acme.product2,
    ]);
    expect((await get('/v1/products', [['name', 'oo_ong']])).body.totalCount).toBe(0);
    expect((await get('/v1/products', [['name', '\\']])).body.totalCount).toBe(0);
    expect((await get('/v1/companies', [['name', 'TEA HOUSE']])).body.totalCount).toBe(1);
    // A shorter code matches longer codes that contain it.
    expect((await get('/v1/skus', [['outerSysCode', 's00']])).body.totalCount).toBe(2);
  });

  it('status is exact and case-sensitive: a wrong-case value is 200 with no rows', async () => {
    const exact = await get('/v1/products', [['status', 'Active']]);
    expect(exact.body.data.map((p: { id: number }) => p.id)).toEqual([IDS.acme.product]);
    const wrongCase = await get('/v1/products', [['status', 'active']]);
    expect(wrongCase).toMatchObject({ status: 200, body: { data: [], totalCount: 0, totalPages: 0 } });
    expect((await get('/v1/skus', [['status', 'ACTIVE']])).body.data).toEqual([]);
  });

  it('exact and id filters: barcode full match only, productId, internalUserId, productCategoryId', async () => {
    expect((await get('/v1/skus', [['barcode', '4710001']])).body.data.map((s: { id: number }) => s.id)).toEqual([
      IDS.acme.sku,
    ]);
    expect((await get('/v1/skus', [['barcode', '471000']])).body.totalCount).toBe(0);
    expect(
      (await get('/v1/skus', [['productId', IDS.acme.product2]])).body.data.map((s: { id: number }) => s.id),
    ).toEqual([IDS.acme.sku2]);
    expect(
      (await get('/v1/companies', [['internalUserId', IDS.acme.sales]])).body.data.map((c: { id: number }) => c.id),
    ).toEqual([IDS.acme.company2]);
    expect((await get('/v1/products', [['productCategoryId', IDS.acme.teaCategory]])).body.totalCount).toBe(2);
    expect((await get('/v1/products', [['productCategoryId', IDS.acme.coffeeCategory]])).body.totalCount).toBe(0);
  });

  it('product and SKU lists exclude bundles; lists never show another tenant', async () => {
    const products = await get('/v1/products');
    expect(products.body.data.map((p: { id: number }) => p.id)).toEqual([IDS.acme.product, IDS.acme.product2]);
    const skus = await get('/v1/skus');
    expect(skus.body.data.map((s: { id: number }) => s.id)).toEqual([IDS.acme.sku, IDS.acme.sku2]);
    const other = await call(service(), 'GET', '/v1/companies', undefined, { creds: CREDS.other, nowMs: clock });
    expect(other.body.data.map((c: { id: number }) => c.id)).toEqual([IDS.globex.company]);
  });

  it('the unfiltered SKU list counts SKUs as they come and go (bundles left out) and pages them by id at any depth', async () => {
    const db = service().db;
    await db.exec(
      `insert into skus (tenant_id, product_id, outer_sys_code, name) select ${acme}, ${IDS.acme.product}, 'COUNTED-' || g, 'counted' from generate_series(1, 5) g`,
    );
    await db.exec(
      `insert into skus (tenant_id, product_id, outer_sys_code, is_bundle) values (${acme}, ${IDS.acme.product}, 'COUNTED-BUNDLE', true)`,
    );
    try {
      const ids = await listed();
      expect(ids.length).toBe(7);
      const page = await get('/v1/skus', [
        ['page', 2],
        ['pageSize', 3],
      ]);
      expect(page.body).toMatchObject({ totalCount: 7, totalPages: 3 });
      expect(page.body.data.map((s: { id: number }) => s.id)).toEqual(ids.slice(3, 6));
    } finally {
      await db.exec(`delete from skus where outer_sys_code like 'COUNTED-%'`);
    }
    expect((await get('/v1/skus')).body.totalCount).toBe((await listed()).length);
  });

  it('a walk of the unfiltered SKU list reads what offset paging reads, and a row gone below it shifts the next page', async () => {
    const db = service().db;
    const page = async (n: number) =>
      (
        await get('/v1/skus', [
          ['page', n],
          ['pageSize', 3],
        ])
      ).body;
    const walk = async () => {
      const seen: number[] = [];
      for (let n = 1; ; n += 1) {
        const body = await page(n);
        seen.push(...body.data.map((s: { id: number }) => s.id));
        if (n >= body.totalPages) return seen;
      }
    };
    await db.exec(
      `insert into skus (tenant_id, product_id, outer_sys_code, name) select ${acme}, ${IDS.acme.product}, 'WALKED-' || g, 'walked' from generate_series(1, 7) g`,
    );
    try {
      const ids = await listed();
      // Twice: the second walk seeks each page from where the first one's pages ended.
      expect(await walk()).toEqual(ids);
      expect(await walk()).toEqual(ids);
      // A row gone by hand below the second page's start: that page starts one row later in the list.
      const [first] = await db.query<{ id: string }>(
        `select min(id)::text as id from skus where outer_sys_code like 'WALKED-%'`,
      );
      expect(ids.indexOf(Number(first!.id))).toBeLessThan(3);
      await db.exec(`delete from skus where id = ${first!.id}`);
      const after = await listed();
      const second = await page(2);
      expect(second.totalCount).toBe(ids.length - 1);
      expect(second.data.map((s: { id: number }) => s.id)).toEqual(after.slice(3, 6));
      expect(await walk()).toEqual(after);
    } finally {
      await db.exec(`delete from skus where outer_sys_code like 'WALKED-%'`);
    }
  });

  it('a SKU of an InactiveVisible product reads Inactive', async () => {
    const res = await get('/v1/skus', [['status', 'Inactive']]);
    expect(res.body.data.map((s: { id: number }) => s.id)).toEqual([IDS.acme.sku2]);
  });

  it('product categories: roots are not assignable, children are; name filter', async () => {
    const res = await get('/v1/product-categories');
    expect(res.body.data).toEqual([
      { id: 1, name: 'Beverages', parentId: null, isAssignable: false },
      { id: 2, name: 'Tea', parentId: 1, isAssignable: true },
      { id: 3, name: 'Coffee', parentId: 1, isAssignable: true },
    ]);
    expect((await get('/v1/product-categories', [['name', 'COF']])).body.totalCount).toBe(1);
  });
});
