import { describe, expect, it } from 'vitest';
import { compareItem, indexLive, readBefore, type LiveRecord } from './compare';

/** A live company of the ERP's first salesperson, with no phone or address. */
const company = (id: number, outerSysCode: string, name: string, shortName: string | null = ''): LiveRecord => ({
  id,
  outerSysCode,
  name,
  shortName,
  cellPhone: '',
  shippingAddress: '',
  internalUserId: 1,
  status: 'Active',
});
const companies: LiveRecord[] = [
  company(1, 'C1', 'One', null),
  company(2, 'C2', 'Two', 'T'),
  company(3, 'DUP', 'a'),
  company(4, 'DUP', 'b'),
];

describe('compare with live data', () => {
  const live = indexLive('companies', companies);

  it('says create, update with old → new, or no change', () => {
    expect(compareItem('companies', { outerSysCode: 'NEW', name: 'x' }, live)).toEqual({
      kind: 'create',
      recordId: null,
      changes: [],
      byCode: false,
    });
    expect(compareItem('companies', { id: 1, name: 'One', shortName: '' }, live)).toEqual({
      kind: 'same',
      recordId: 1,
      changes: [],
      byCode: false,
    });
    expect(compareItem('companies', { id: 2, name: 'Two!', shortName: 'T' }, live)).toEqual({
      kind: 'update',
      recordId: 2,
      changes: [{ field: 'name', old: 'Two', new: 'Two!' }],
      byCode: false,
    });
  });

  it('flags an update matched by ERP code, refuses an ambiguous code, and a missing id', () => {
    expect(compareItem('companies', { outerSysCode: 'C2', name: 'Changed' }, live)).toMatchObject({
      kind: 'update',
      recordId: 2,
      byCode: true,
    });
    expect(compareItem('companies', { outerSysCode: 'C2', name: 'Two' }, live)).toMatchObject({
      kind: 'same',
      byCode: true,
    });
    expect(compareItem('companies', { outerSysCode: 'DUP', name: 'x' }, live).kind).toBe('ambiguous');
    expect(compareItem('companies', { id: 99, name: 'x' }, live).kind).toBe('not_found');
    // Codes are case-sensitive, as the service matches them.
    expect(compareItem('companies', { outerSysCode: 'c1', name: 'One' }, live).kind).toBe('create');
  });

  it('matches a SKU code within its product only, and compares money at 4 decimals', () => {
    const skus = indexLive('skus', [
      { id: 10, productId: 1, outerSysCode: 'S1', price: 10.12345, sellPrice: 9 },
      { id: 11, productId: 2, outerSysCode: 'S1', price: 5, sellPrice: 5 },
    ]);
    expect(compareItem('skus', { productId: 2, outerSysCode: 'S1', price: 5 }, skus)).toMatchObject({
      kind: 'same',
      recordId: 11,
    });
    expect(compareItem('skus', { productId: 3, outerSysCode: 'S1', price: 5 }, skus).kind).toBe('create');
    expect(compareItem('prices', { skuId: 10, price: 10.1235, sellPrice: 8 }, skus)).toMatchObject({
      kind: 'update',
      changes: [{ field: 'sellPrice', old: 9, new: 8 }],
    });
    expect(compareItem('stock', { skuId: 12, inventoryQty: 1 }, skus).kind).toBe('not_found');
  });

  it('compares a bundle recipe by the identifiers the row uses', () => {
    const bundles = indexLive('bundles', [
      {
        id: 20,
        outerSysCode: 'B1',
        components: [{ componentSkuId: 7, componentSkuOuterSysCode: 'S7', quantity: 2, sort: 1 }],
      },
    ]);
    expect(
      compareItem(
        'bundles',
        { outerSysCode: 'B1', components: [{ componentSkuOuterSysCode: 's7', quantity: 2, sort: 1 }] },
        bundles,
      ).kind,
    ).toBe('same');
    expect(
      compareItem('bundles', { id: 20, components: [{ componentSkuId: 7, quantity: 3, sort: 1 }] }, bundles).kind,
    ).toBe('update');
  });

  it("compares a quota row with the company's quota as read: an exported row changes nothing, an edited amount updates", () => {
    const quotas = {
      ...indexLive('pointQuotas', companies),
      quotas: new Map([
        [1, { companyId: 1, companyOuterSysCode: 'C1', balance: 100.5, enabled: true, memo: 'kept', updatedAt: null }],
      ]),
    };
    const exported = { companyId: 1, companyCode: 'C1', balance: 100.5, enabled: true, memo: 'kept' };
    expect(compareItem('pointQuotas', exported, quotas)).toEqual({
      kind: 'same',
      recordId: 1,
      changes: [],
      byCode: false,
    });
    expect(compareItem('pointQuotas', { companyCode: 'C1', balance: 100.50001, enabled: true }, quotas)).toMatchObject({
      kind: 'same',
      byCode: false,
    });
    const edited = { ...exported, balance: 1235.5 };
    const c = compareItem('pointQuotas', edited, quotas);
    expect(c).toEqual({
      kind: 'update',
      recordId: 1,
      changes: [{ field: 'balance', old: 100.5, new: 1235.5 }],
      byCode: false,
    });
    expect(readBefore('pointQuotas', edited, c, quotas)).toEqual({
      companyCode: 'C1',
      balance: 100.5,
      enabled: true,
      memo: 'kept',
    });
    // A company whose quota was not read: the row updates, and no old value is claimed.
    const unread = compareItem('pointQuotas', { companyId: 2, balance: 5 }, quotas);
    expect(unread).toEqual({ kind: 'update', recordId: 2, changes: [], byCode: false });
    expect(readBefore('pointQuotas', { companyId: 2, balance: 5 }, unread, quotas)).toBeNull();
  });
});
