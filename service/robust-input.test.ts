import { describe, expect, it } from 'vitest';
import { LIST_FILTERS, LISTS, type ListName } from '@/lib/contract';
import { engines } from './testing/engines';
import { CREDS, IDS } from './testing/fixtures';
import { callAs, stopEnginesAfterAll, useService } from './testing/harness';

stopEnginesAfterAll();

/**
 * No input makes the service answer 500 (issue 64's fuzzing): a NUL byte, a time that does not exist, an id
 * no record can have. Each is refused with the contract's code or finds nothing, item by item in a batch.
 */
const A = IDS.acme;
const LONG_MAX = '9223372036854775807';
const listNames = Object.keys(LIST_FILTERS) as ListName[];
const filtersOf = (list: ListName, kinds: string[]) =>
  Object.entries(LIST_FILTERS[list] as Record<string, string>)
    .filter(([, kind]) => kinds.includes(kind))
    .map(([name]) => name);

describe.each(engines())('input the database cannot hold, on $name', (engine) => {
  const service = useService(engine);
  const api = callAs(service);

  it('a NUL byte in any text filter of any list matches nothing (200, empty data)', async () => {
    for (const list of listNames) {
      for (const name of filtersOf(list, ['substring', 'exact'])) {
        const res = await api('GET', `${LISTS[list].path}?${name}=%00`);
        expect([list, name, res.status, res.body.data]).toEqual([list, name, 200, []]);
        const inside = await api('GET', `${LISTS[list].path}?${name}=a%00b`);
        expect([list, name, inside.status, inside.body.totalCount]).toEqual([list, name, 200, 0]);
      }
    }
  });

  it('a batch item holding a NUL byte fails alone with invalid_parameter; the valid item is written', async () => {
    const skus = await api('POST', '/v1/skus/batch', [
      { productId: A.product, outerSysCode: 'NUL-OK-1', name: 'kept' },
      { productId: A.product, outerSysCode: 'B\u0000' },
    ]);
    expect(skus.status).toBe(200);
    expect(skus.body.items[0]).toMatchObject({ index: 0, status: 'created', errors: [] });
    expect(skus.body.items[1]).toEqual({ index: 1, status: 'failed', id: null, errors: ['invalid_parameter'] });
    const kept = await api('GET', '/v1/skus?outerSysCode=NUL-OK-1');
    expect(kept.body.data.map((s: { name: string }) => s.name)).toEqual(['kept']);

    const companies = await api('POST', '/v1/companies/batch', [
      { name: 'n\u0000' },
      { outerSysCode: 'NUL-C-1', name: 'ok' },
    ]);
    expect(companies.body.items.map((i: { status: string }) => i.status)).toEqual(['failed', 'created']);
    expect(companies.body.items[0].errors).toEqual(['invalid_parameter']);
    const points = await api('POST', '/v1/companies/point-quota/batch', [
      { companyCode: 'C\u0000', balance: 1 },
      { companyId: A.company, balance: 1, memo: 'm\u0000' },
      { companyId: A.company, balance: 7 },
    ]);
    expect(points.body.items.map((i: { error: string | null }) => i.error)).toEqual([
      'invalid_parameter',
      'invalid_parameter',
      null,
    ]);
    const bundle = await api('POST', '/v1/bundles/batch', [
      {
        name: 'b',
        productCategoryId: A.teaCategory,
        components: [{ componentSkuOuterSysCode: 'S\u0000', quantity: 1 }],
      },
    ]);
    expect(bundle.body.items[0]).toMatchObject({ status: 'failed', errors: ['invalid_parameter'] });
    const user = await api('POST', '/v1/internal-users', {
      account: 'nul\u0000',
      name: 'n',
      email: 'e@x.test',
      password: 'password-1',
      roleId: A.salesRole,
    });
    expect(user).toMatchObject({ status: 400, body: { error: 'invalid_parameter' } });
  });

  it('an updatedSince that names no real time is invalid_updated_since on every list that takes it', async () => {
    const impossible = [
      '2026-02-30T00:00:00Z',
      '2026-01-01T00:00:00%2B16:00',
      '0000-01-01T00:00:00Z',
      '2026-01-01T24:00:00Z',
      '2026-13-01T00:00:00Z',
    ];
    for (const list of listNames) {
      if (filtersOf(list, ['datetime']).length === 0) continue;
      for (const since of impossible) {
        const res = await api('GET', `${LISTS[list].path}?updatedSince=${since}`);
        expect([list, since, res.status, res.body]).toEqual([list, since, 400, { error: 'invalid_updated_since' }]);
      }
      // The edges that do exist still read.
      for (const since of ['2024-02-29T00:00:00Z', '2026-01-01T00:00:00%2B15:59', '0001-01-01T00:00:00Z']) {
        expect([list, since, (await api('GET', `${LISTS[list].path}?updatedSince=${since}`)).status]).toEqual([
          list,
          since,
          200,
        ]);
      }
    }
  });

  it('a path id no record can have is that operation’s own 404, after the credential’s permission', async () => {
    const quota = await api('GET', '/v1/companies/0/credit-quota');
    expect(quota.status).toBe(404);
    expect(quota.headers.get('content-type')).toContain('application/problem+json');
    expect(quota.body).toMatchObject({
      status: 404,
      detail: 'company_not_found',
      instance: '/v1/companies/0/credit-quota',
    });
    expect(await api('GET', '/v1/companies/-3/point-quota')).toMatchObject({
      status: 404,
      body: { detail: 'company_not_found' },
    });
    expect(await api('GET', '/v1/companies/0')).toMatchObject({
      status: 404,
      body: { detail: 'not_found', instance: '/v1/companies/0' },
    });
    expect(await api('GET', `/v1/bundles/${LONG_MAX}/prices`)).toMatchObject({
      status: 404,
      body: { detail: 'not_found' },
    });
    expect(await api('PUT', '/v1/products/-5', { name: 'x' })).toMatchObject({
      status: 404,
      body: { error: 'product not found' },
    });
    expect(await api('PUT', '/v1/companies/0', { name: 'x' })).toMatchObject({
      status: 404,
      body: { error: 'company not found' },
    });
    expect(await api('PUT', `/v1/skus/${LONG_MAX}`, { name: 'x' })).toMatchObject({
      status: 404,
      body: { error: 'sku not found' },
    });
    expect(await api('PUT', '/v1/bundles/-1', { name: 'x' })).toMatchObject({
      status: 404,
      body: { error: 'bundle not found' },
    });
    expect(await api('PUT', '/v1/internal-users/0', { name: 'x' })).toMatchObject({
      status: 404,
      body: { error: 'not_found' },
    });
    expect(await api('GET', '/v1/skus/-1/stock')).toMatchObject({ status: 404, body: { error: 'not_found' } });
    // A read-only credential is refused the write before any lookup.
    expect(await api('PUT', '/v1/products/-5', { name: 'x' }, CREDS.reader)).toMatchObject({
      status: 403,
      body: { error: 'forbidden' },
    });
    expect(await api('GET', '/v1/companies/0/credit-quota', undefined, CREDS.reader)).toMatchObject({ status: 403 });
    // Text that is not an integer still names no operation.
    expect(await api('GET', '/v1/products/abc')).toMatchObject({ status: 404, body: { error: 'not_found' } });
  });

  it('an id beyond 2^53 finds nothing in a filter and fails a reference with the resource’s own code', async () => {
    const list = await api('GET', '/v1/skus?productId=9007199254740992');
    expect(list).toMatchObject({ status: 200, body: { data: [], totalCount: 0 } });
    expect((await api('GET', `/v1/companies?internalUserId=${LONG_MAX}`)).body.data).toEqual([]);
    expect((await api('GET', '/v1/bundles?componentSkuId=-1')).body.data).toEqual([]);
    expect(await api('GET', '/v1/skus?productId=1.5')).toMatchObject({
      status: 400,
      body: { error: 'invalid_parameter' },
    });

    const raw = (fields: string) => `{${fields}}`;
    expect(await api('POST', '/v1/companies', raw(`"name":"big","internalUserId":${LONG_MAX}`))).toMatchObject({
      status: 400,
      body: { error: 'invalid_internal_user_id' },
    });
    expect(await api('POST', '/v1/skus', raw(`"outerSysCode":"BIG-1","productId":${LONG_MAX}`))).toMatchObject({
      status: 400,
      body: { error: 'invalid_product_id' },
    });
    expect(await api('POST', '/v1/products', raw(`"name":"big","productCategoryId":${LONG_MAX}`))).toMatchObject({
      status: 400,
      body: { error: 'invalid_product_category_id' },
    });
    expect(
      await api(
        'POST',
        '/v1/internal-users',
        raw(`"account":"big","name":"b","email":"b@x.test","password":"password-1","roleId":${LONG_MAX}`),
      ),
    ).toMatchObject({ status: 400, body: { error: 'invalid_role_id' } });
    const stock = await api('POST', '/v1/skus/stock/batch', `[{"skuId":${LONG_MAX},"inventoryQty":1}]`);
    expect(stock.body.items[0]).toMatchObject({ status: 'failed', errors: ['not_found'] });
    const credit = await api(
      'POST',
      '/v1/companies/credit-quota/batch',
      `[{"companyId":${LONG_MAX},"creditAmount":1}]`,
    );
    expect(credit.body.items[0]).toMatchObject({ status: 'failed', error: 'company_not_found' });
    const bundle = await api(
      'POST',
      '/v1/bundles',
      `{"name":"big","productCategoryId":${A.teaCategory},"components":[{"componentSkuId":${LONG_MAX},"quantity":1}]}`,
    );
    expect(bundle).toMatchObject({ status: 400, body: { error: 'component_sku_not_found' } });
    const prices = await api('PUT', '/v1/prices/batch', `[{"skuId":-${LONG_MAX},"price":1}]`);
    expect(prices.body.items[0]).toMatchObject({ status: 'failed', errors: ['not_found'] });
  });
});

describe.each(engines())('every text field of every write holding a NUL byte, on $name', (engine) => {
  const service = useService(engine);
  const api = callAs(service);
  const fields = [
    'outerSysCode',
    'name',
    'shortName',
    'cellPhone',
    'shippingAddress',
    'barcode',
    'warehouse',
    'unit',
    'spec',
  ];
  const writes: [string, string, Record<string, unknown>, string[]][] = [
    ['POST', '/v1/companies/batch', {}, fields.slice(0, 5)],
    ['POST', '/v1/products/batch', { productCategoryId: A.teaCategory }, ['outerSysCode', 'name']],
    [
      'POST',
      '/v1/skus/batch',
      { productId: A.product, outerSysCode: 'NUL-S' },
      ['outerSysCode', ...fields.slice(5), 'name'],
    ],
    [
      'POST',
      '/v1/bundles/batch',
      { productCategoryId: A.teaCategory, components: [{ componentSkuId: A.sku, quantity: 1 }] },
      ['outerSysCode', 'name', ...fields.slice(5)],
    ],
    ['POST', '/v1/companies/point-quota/batch', { companyId: A.company, balance: 1 }, ['companyCode', 'memo']],
    ['POST', '/v1/companies/credit-quota/batch', { companyId: A.company, creditAmount: 1 }, ['companyCode', 'memo']],
  ];

  it('fails that item with invalid_parameter and writes the valid one beside it', async () => {
    for (const [method, path, base, names] of writes) {
      for (const name of names) {
        const res = await api(method, path, [{ ...base, [name]: 'x\u0000' }, { ...base }]);
        expect([path, name, res.status]).toEqual([path, name, 200]);
        const [bad, good] = res.body.items;
        expect([path, name, bad.errors ?? [bad.error]]).toEqual([path, name, ['invalid_parameter']]);
        expect([path, name, good.status]).toEqual([path, name, expect.stringMatching(/^(created|updated|ok)$/)]);
      }
    }
    for (const name of ['account', 'name', 'email', 'password', 'status', 'outerSysCode']) {
      const user = {
        account: `nul-${name}`,
        name: 'n',
        email: 'e@x.test',
        password: 'password-1',
        roleId: A.salesRole,
      };
      expect([name, await api('POST', '/v1/internal-users', { ...user, [name]: 'x\u0000' })]).toMatchObject([
        name,
        { status: 400, body: { error: 'invalid_parameter' } },
      ]);
      if (name === 'account') continue; // not an update field: ignored
      expect([name, await api('PUT', `/v1/internal-users/${A.sales}`, { [name]: 'x\u0000' })]).toMatchObject([
        name,
        { status: 400 },
      ]);
    }
    for (const path of [
      `/v1/companies/${A.company}`,
      `/v1/products/${A.product}`,
      `/v1/skus/${A.sku}`,
      `/v1/bundles/${A.bundle}`,
    ]) {
      expect([path, await api('PUT', path, { outerSysCode: 'x\u0000', name: 'y\u0000' })]).toMatchObject([
        path,
        { status: 400 },
      ]);
    }
  });
});
