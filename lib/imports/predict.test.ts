import { describe, expect, it } from 'vitest';
import { compareItem, indexLive, notFoundReason, type LiveRecord } from './compare';
import {
  buildReferences,
  predictRefusal,
  referencesNeeded,
  repeatedInFile,
  skuMoveNote,
  skusByCode,
  targetOf,
} from './predict';

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
    expect(predictRefusal('skus', { productId: 999, outerSysCode: 'A' }, refs)).toEqual({
      code: 'invalid_product_id',
      field: 'productId',
    });
    expect(predictRefusal('skus', { productId: 50, outerSysCode: 'A' }, refs)?.code).toBe(
      'bundle product cannot receive SKUs through this API',
    );
    // An update by id that leaves the product out is not judged on it.
    expect(predictRefusal('skus', { id: 3, name: 'x' }, refs)).toBeNull();
  });

  it('a category that does not exist or cannot hold products', () => {
    expect(predictRefusal('products', { productCategoryId: 11 }, refs)).toBeNull();
    expect(predictRefusal('products', { productCategoryId: 10 }, refs)?.code).toBe('invalid_product_category_id');
    expect(predictRefusal('bundles', { productCategoryId: 12 }, refs)?.code).toBe('invalid_product_category_id');
  });

  it('a component that does not exist, or that is itself a bundle; codes match as the service does (trimmed, any case)', () => {
    expect(
      predictRefusal(
        'bundles',
        {
          components: [
            { componentSkuOuterSysCode: 'S-101', quantity: 1, sort: 1 },
            { componentSkuId: 100, quantity: 2, sort: 2 },
          ],
        },
        refs,
      ),
    ).toBeNull();
    expect(predictRefusal('bundles', { components: [{ componentSkuId: 404, quantity: 1, sort: 1 }] }, refs)?.code).toBe(
      'component_sku_not_found',
    );
    expect(
      predictRefusal('bundles', { components: [{ componentSkuOuterSysCode: 'gift-1', quantity: 1, sort: 1 }] }, refs),
    ).toEqual({
      code: 'component_is_bundle',
      field: 'components',
      params: { component: 'gift-1' },
    });
    expect(predictRefusal('bundles', { components: [{ componentSkuId: 500, quantity: 1, sort: 1 }] }, refs)?.code).toBe(
      'component_is_bundle',
    );
  });

  it('a salesperson who is not an internal user', () => {
    expect(predictRefusal('companies', { internalUserId: 7 }, refs)).toBeNull();
    expect(predictRefusal('companies', { internalUserId: 8 }, refs)?.code).toBe('invalid_internal_user_id');
  });

  it('without the reference list (the file does not fill the field) nothing is predicted', () => {
    expect(predictRefusal('skus', { productId: 999 }, {})).toBeNull();
    expect(referencesNeeded('skus', new Set(['outerSysCode', 'name']))).toEqual({
      products: false,
      categories: false,
      skus: false,
      internalUsers: false,
    });
    expect(referencesNeeded('bundles', new Set(['components', 'productCategoryId']))).toMatchObject({
      categories: true,
      skus: true,
    });
  });
});

const liveSkus: LiveRecord[] = [
  { id: 100, productId: 1, outerSysCode: 'S-100', name: 'a' },
  { id: 101, productId: 2, outerSysCode: 'S-101', name: 'b' },
];

describe('rows of one file that write the same record', () => {
  const live = indexLive('skus', liveSkus);
  const target = (item: Record<string, unknown>) => targetOf('skus', item, compareItem('skus', item, live));

  it('a record is the same whether named by id or found by its code; a SKU code counts within its product', () => {
    expect(target({ id: 100, name: 'x' })).toBe('id:100');
    expect(target({ productId: 1, outerSysCode: 'S-100', name: 'x' })).toBe('id:100');
    expect(target({ productId: 1, outerSysCode: 'NEW' })).not.toBe(target({ productId: 2, outerSysCode: 'NEW' }));
    // A create without a code makes a new record each time; a missing id names nothing that exists.
    expect(target({ productId: 1, name: 'no code' })).toBeNull();
    expect(target({ id: 999, name: 'x' })).toBeNull();
  });

  it('every row of a repeated target would fail, each naming the other lines; a code twice in other families too', () => {
    const targets = [
      target({ productId: 1, outerSysCode: 'NEW' }),
      target({ productId: 1, outerSysCode: 'OTHER' }),
      target({ productId: 1, outerSysCode: 'NEW' }),
      null,
      null,
    ];
    const found = repeatedInFile(targets, [2, 3, 4, 5, 6]);
    expect([...found.keys()]).toEqual([0, 2]);
    expect(found.get(0)).toEqual({ code: 'repeated_in_file', params: { lines: '4', count: 1 } });
    expect(found.get(2)).toEqual({ code: 'repeated_in_file', params: { lines: '2', count: 1 } });
    const three = repeatedInFile(
      [target({ id: 100 }), target({ productId: 1, outerSysCode: 'S-100' }), target({ id: 100, name: 'y' })],
      [2, 3, 4],
    );
    expect(three.get(1)?.params).toEqual({ lines: '2, 4', count: 2 });
    const companies = indexLive('companies', [{ id: 1, outerSysCode: 'C1' }]);
    const company = (item: Record<string, unknown>) =>
      targetOf('companies', item, compareItem('companies', item, companies));
    expect(
      repeatedInFile(
        [company({ outerSysCode: 'C9' }), company({ outerSysCode: 'C9' }), company({ outerSysCode: 'c9' })],
        [2, 3, 4],
      ).size,
    ).toBe(2);
  });
});

describe('a SKU moving to another product', () => {
  const live = indexLive('skus', liveSkus);
  const byCode = skusByCode(liveSkus);
  const note = (item: Record<string, unknown>) => skuMoveNote(item, compareItem('skus', item, live), byCode);

  it('by id: an update the service makes, said with both products', () => {
    expect(note({ id: 100, productId: 2 })).toEqual({
      code: 'sku_moves',
      field: 'productId',
      params: { from: '1', to: '2' },
    });
    expect(note({ id: 100, productId: 1, name: 'same product' })).toBeNull();
  });

  it('by code under another product: the service creates a second SKU, and the row says where the first one is', () => {
    expect(note({ productId: 2, outerSysCode: 'S-100' })).toEqual({
      code: 'sku_code_elsewhere',
      field: 'outerSysCode',
      params: { id: 100, product: '1' },
    });
    expect(note({ productId: 1, outerSysCode: 'S-NEW' })).toBeNull();
  });
});

describe('a quota for a company that does not exist', () => {
  const companies = indexLive('pointQuotas', [
    { id: 1, outerSysCode: 'C1' },
    { id: 2, outerSysCode: 'TWIN' },
    { id: 3, outerSysCode: 'TWIN' },
  ]);

  it('is found by id or by the company code, exactly as the service matches it', () => {
    expect(compareItem('pointQuotas', { companyId: 1, balance: 5 }, companies)).toEqual({
      kind: 'update',
      recordId: 1,
      changes: [],
      byCode: false,
    });
    expect(compareItem('creditQuotas', { companyCode: 'C1', creditAmount: 5 }, companies)).toEqual({
      kind: 'update',
      recordId: 1,
      changes: [],
      byCode: false,
    });
    expect(compareItem('pointQuotas', { companyId: 9, balance: 5 }, companies).kind).toBe('not_found');
    expect(compareItem('pointQuotas', { companyCode: 'c1', balance: 5 }, companies).kind).toBe('not_found');
    expect(compareItem('pointQuotas', { companyCode: 'TWIN', balance: 5 }, companies).kind).toBe('ambiguous');
  });

  it("would fail with the quota batch's own codes; other families with the batch item codes", () => {
    expect(notFoundReason('pointQuotas', 'not_found', { companyId: 9 })).toEqual({
      code: 'company_not_found',
      field: 'companyId',
    });
    expect(notFoundReason('pointQuotas', 'not_found', { companyCode: 'NONE' })).toEqual({
      code: 'company_not_found',
      field: 'companyCode',
    });
    expect(notFoundReason('creditQuotas', 'ambiguous', { companyCode: 'TWIN' })).toEqual({
      code: 'company_code_ambiguous',
      field: 'companyCode',
    });
    expect(notFoundReason('skus', 'not_found', { id: 9 })).toEqual({ code: 'not_found', field: 'id' });
    expect(notFoundReason('prices', 'not_found', { skuId: 9 })).toEqual({ code: 'not_found', field: 'skuId' });
    expect(notFoundReason('companies', 'ambiguous', { outerSysCode: 'DUP' })).toEqual({
      code: 'outer_sys_code_ambiguous',
      field: 'outerSysCode',
    });
  });
});
