import { describe, expect, it } from 'vitest';
import { compareItem, indexLive, readBefore } from './compare';

describe('readBefore: the old values "Compare with live data" read, for History', () => {
  const live = indexLive('skus', [
    { id: 7, productId: 1, outerSysCode: 'S0056-05', name: 'Oolong', sellPrice: 650, price: 700 },
  ]);

  it('keeps every compared field as the live record had it, changed or not', () => {
    const item = { id: 7, sellPrice: 699, price: 700 };
    expect(readBefore('skus', item, compareItem('skus', item, live))).toEqual({ sellPrice: 650, price: 700 });
  });

  it('reads nothing for a row that creates a record, and gives no old value for a row that matched none', () => {
    const created = { productId: 1, outerSysCode: 'S0099-01', name: 'New' };
    expect(readBefore('skus', created, compareItem('skus', created, live))).toEqual({});
    const missing = { id: 999, sellPrice: 1 };
    expect(readBefore('skus', missing, compareItem('skus', missing, live))).toBeNull();
  });
});
