import { describe, expect, it } from 'vitest';
import { engines } from '../testing/engines';
import { IDS } from '../testing/fixtures';
import { callAs, expectNoSuchRecord, stopEnginesAfterAll, useService } from '../testing/harness';

stopEnginesAfterAll();

const TEA = IDS.acme.teaCategory;

describe.each(engines())('products on $name', (engine) => {
  const service = useService(engine);
  const api = callAs(service);

  it('creates with defaults (empty strings, Active), then the same code updates: 201 then 200', async () => {
    const created = await api('POST', '/v1/products', { outerSysCode: 'PR-NEW', productCategoryId: TEA });
    expect(created.status).toBe(201);
    expect((await api('GET', `/v1/products/${created.body.id}`)).body).toEqual({
      id: created.body.id,
      outerSysCode: 'PR-NEW',
      name: '',
      productCategoryId: TEA,
      status: 'Active',
    });
    const again = await api('POST', '/v1/products', { outerSysCode: 'PR-NEW', name: 'Named' });
    expect(again).toMatchObject({ status: 200, body: { id: created.body.id } });
    expect((await api('GET', `/v1/products/${created.body.id}`)).body).toMatchObject({
      name: 'Named',
      productCategoryId: TEA,
    });
  });

  it('requires productCategoryId on create and accepts only an assignable category of the tenant', async () => {
    expect(await api('POST', '/v1/products', { outerSysCode: 'PR-CAT' })).toMatchObject({
      status: 400,
      body: { error: 'product_category_id_required' },
    });
    for (const productCategoryId of [IDS.acme.rootCategory, 99_999, IDS.globex.category]) {
      expect(await api('POST', '/v1/products', { outerSysCode: 'PR-CAT', productCategoryId })).toMatchObject({
        status: 400,
        body: { error: 'invalid_product_category_id' },
      });
    }
    // On update an omitted category keeps the current one, and a given one is re-validated.
    expect(await api('PUT', `/v1/products/${IDS.acme.product}`, { name: 'Oolong' })).toMatchObject({ status: 200 });
    expect(
      await api('PUT', `/v1/products/${IDS.acme.product}`, { productCategoryId: IDS.acme.rootCategory }),
    ).toMatchObject({
      status: 400,
      body: { error: 'invalid_product_category_id' },
    });
    expect(
      await api('PUT', `/v1/products/${IDS.acme.product}`, { productCategoryId: IDS.acme.coffeeCategory }),
    ).toMatchObject({ status: 200 });
    expect((await api('GET', `/v1/products/${IDS.acme.product}`)).body.productCategoryId).toBe(IDS.acme.coffeeCategory);
    await api('PUT', `/v1/products/${IDS.acme.product}`, { productCategoryId: TEA });
  });

  it('an outerSysCode that matches a bundle is product_type_conflict and the bundle is untouched', async () => {
    const res = await api('POST', '/v1/products/batch', [
      { outerSysCode: 'B001', name: 'Not a bundle', productCategoryId: TEA },
    ]);
    expect(res.body.items[0]).toEqual({ index: 0, status: 'failed', id: null, errors: ['product_type_conflict'] });
    expect(await api('POST', '/v1/products', { outerSysCode: 'B001', productCategoryId: TEA })).toMatchObject({
      status: 400,
      body: { error: 'product_type_conflict' },
    });
    expect((await api('GET', '/v1/products?outerSysCode=B001')).body.totalCount).toBe(0);
  });

  it('a bundle id is not a product: GET 404 not_found, PUT 404 "product not found", batch not_found', async () => {
    await expectNoSuchRecord(api, 'products', 'product', IDS.acme.bundle);
  });

  it('foreign and missing ids read the same', async () => {
    for (const id of [99_999, IDS.globex.product]) await expectNoSuchRecord(api, 'products', 'product', id);
  });

  it.each([
    ['outerSysCode', 50, 'outer_sys_code_too_long'],
    ['name', 100, 'name_too_long'],
  ])('%s: %i characters is fine, one more is %s', async (field, max, code) => {
    const value = field === 'outerSysCode' ? 'P'.repeat(max) : 'n'.repeat(max);
    const ok = await api('POST', '/v1/products', {
      outerSysCode: `PL-${field}`,
      productCategoryId: TEA,
      [field]: value,
    });
    expect(ok.status).toBe(201);
    expect(await api('PUT', `/v1/products/${ok.body.id}`, { [field]: `${value}x` })).toMatchObject({
      status: 400,
      body: { error: code },
    });
  });

  it('reports every field error of a product in a batch item', async () => {
    const res = await api('POST', '/v1/products/batch', [{ outerSysCode: 'P'.repeat(51), name: 'n'.repeat(101) }]);
    expect(res.body.items[0].errors).toEqual([
      'outer_sys_code_too_long',
      'name_too_long',
      'product_category_id_required',
    ]);
  });

  it('an ambiguous code fails without writing', async () => {
    await api('POST', '/v1/products/batch', [{ id: IDS.acme.product2, outerSysCode: 'PR-AMB' }]);
    const created = await api('POST', '/v1/products', { outerSysCode: 'PR-AMB-X', productCategoryId: TEA });
    await api('PUT', `/v1/products/${created.body.id}`, { outerSysCode: 'PR-AMB' });
    const res = await api('POST', '/v1/products/batch', [{ outerSysCode: 'PR-AMB', name: 'which' }]);
    expect(res.body.items[0]).toMatchObject({ status: 'failed', errors: ['outer_sys_code_ambiguous'] });
    await api('PUT', `/v1/products/${IDS.acme.product2}`, { outerSysCode: 'P002' });
  });
});
