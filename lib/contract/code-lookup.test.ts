import { describe, expect, it } from 'vitest';
import { codeLookupFilters, exactCodeMatches, lookupForCreate, resourceOfCreatePath } from './code-lookup';

describe('code lookup before a create', () => {
  it('knows the single-create paths that upsert by ERP code, and no other', () => {
    expect(resourceOfCreatePath('/v1/companies')).toBe('companies');
    expect(resourceOfCreatePath('/v1/skus')).toBe('skus');
    expect(resourceOfCreatePath('/v1/companies/batch')).toBeNull();
    expect(resourceOfCreatePath('/v1/internal-users')).toBeNull();
  });

  it('looks up only a create that can match: a code, no id, and for a SKU its product', () => {
    expect(lookupForCreate('companies', { outerSysCode: 'C1', name: 'x' })).toEqual({
      resource: 'companies',
      code: 'C1',
    });
    expect(lookupForCreate('companies', { outerSysCode: '' })).toBeNull();
    expect(lookupForCreate('companies', { name: 'no code' })).toBeNull();
    expect(lookupForCreate('companies', { id: 4, outerSysCode: 'C1' })).toBeNull();
    expect(lookupForCreate('skus', { outerSysCode: 'S1' })).toBeNull();
    expect(lookupForCreate('skus', { outerSysCode: 'S1', productId: 7 })).toEqual({
      resource: 'skus',
      code: 'S1',
      productId: 7,
    });
    expect(codeLookupFilters({ resource: 'skus', code: 'S1', productId: 7 })).toEqual({
      outerSysCode: 'S1',
      productId: 7,
    });
  });

  it('keeps only exact, case-sensitive matches of the substring filter, within the product for SKUs', () => {
    const rows = [
      { id: 1, outerSysCode: 'AB', productId: 7 },
      { id: 2, outerSysCode: 'XABX', productId: 7 },
      { id: 3, outerSysCode: 'ab', productId: 7 },
      { id: 4, outerSysCode: 'AB', productId: 8 },
      { id: 5, outerSysCode: null, productId: 7 },
    ];
    expect(exactCodeMatches(rows, { resource: 'companies', code: 'AB' }).map((r) => r.id)).toEqual([1, 4]);
    expect(exactCodeMatches(rows, { resource: 'skus', code: 'AB', productId: 7 }).map((r) => r.id)).toEqual([1]);
  });
});
