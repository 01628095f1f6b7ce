import { describe, expect, it } from 'vitest';
import { buildReferences, predictRefusal, referencesNeeded } from './predict';

const refs = buildReferences({
  products: [{ id: 1 }, { id: 2 }],
  bundles: [{ id: 50, skuId: 500, outerSysCode: 'GIFT-1' }],
  categories: [
    { id: 10, isAssignable: false },
    { id: 11, isAssignable: true },
  ],
  skus: [
    { id: 100, outerSysCode: 'S-100' },
    { id: 101, outerSysCode: ' s-101 ' },
  ],
  internalUsers: [{ id: 7 }],
});

describe('what the service would refuse, known before sending', () => {
  it('a SKU under a product that does not exist, or under a bundle product', () => {
    expect(predictRefusal('skus', { productId: 1, outerSysCode: 'A' }, refs)).toBeNull();
    expect(predictRefusal('skus', { productId: 999, outerSysCode: 'A' }, refs)).toEqual({ code: 'invalid_product_id', field: 'productId' });
    expect(predictRefusal('skus', { productId: 50, outerSysCode: 'A' }, refs)?.code).toBe('bundle product cannot receive SKUs through this API');
    // An update by id that leaves the product out is not judged on it.
    expect(predictRefusal('skus', { id: 3, name: 'x' }, refs)).toBeNull();
  });

  it('a category that does not exist or cannot hold products', () => {
    expect(predictRefusal('products', { productCategoryId: 11 }, refs)).toBeNull();
    expect(predictRefusal('products', { productCategoryId: 10 }, refs)?.code).toBe('invalid_product_category_id');
    expect(predictRefusal('bundles', { productCategoryId: 12 }, refs)?.code).toBe('invalid_product_category_id');
  });

  it('a component that does not exist, or that is itself a bundle; codes match as the service does (trimmed, any case)', () => {
    expect(predictRefusal('bundles', { components: [{ componentSkuOuterSysCode: 'S-101', quantity: 1, sort: 1 }, { componentSkuId: 100, quantity: 2, sort: 2 }] }, refs)).toBeNull();
    expect(predictRefusal('bundles', { components: [{ componentSkuId: 404, quantity: 1, sort: 1 }] }, refs)?.code).toBe('component_sku_not_found');
    expect(predictRefusal('bundles', { components: [{ componentSkuOuterSysCode: 'gift-1', quantity: 1, sort: 1 }] }, refs)).toEqual({
      code: 'component_is_bundle',
      field: 'components',
      params: { component: 'gift-1' },
    });
    expect(predictRefusal('bundles', { components: [{ componentSkuId: 500, quantity: 1, sort: 1 }] }, refs)?.code).toBe('component_is_bundle');
  });

  it('a salesperson who is not an internal user', () => {
    expect(predictRefusal('companies', { internalUserId: 7 }, refs)).toBeNull();
    expect(predictRefusal('companies', { internalUserId: 8 }, refs)?.code).toBe('invalid_internal_user_id');
  });

  it('without the reference list (the file does not fill the field) nothing is predicted', () => {
    expect(predictRefusal('skus', { productId: 999 }, {})).toBeNull();
    expect(referencesNeeded('skus', new Set(['outerSysCode', 'name']))).toEqual({ products: false, categories: false, skus: false, internalUsers: false });
    expect(referencesNeeded('bundles', new Set(['components', 'productCategoryId']))).toMatchObject({ categories: true, skus: true });
  });
});
