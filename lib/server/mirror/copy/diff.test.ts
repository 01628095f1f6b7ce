import { describe, expect, it } from 'vitest';
import { fieldDiffs, recordHash, sentValueHeld } from './diff';

describe('the mirror diff', () => {
  it('hashes records by value, whatever the order of their keys', () => {
    expect(recordHash({ id: 1, a: [{ x: 1, y: 2 }] })).toBe(recordHash({ a: [{ y: 2, x: 1 }], id: 1 }));
    expect(recordHash({ id: 1, a: 1 })).not.toBe(recordHash({ id: 1, a: 2 }));
  });

  it('lists changed fields old → new, leaving out untracked ones', () => {
    const before = {
      id: 1,
      sellPrice: 460,
      name: 'Tea',
      availableQty: 3,
      components: [{ componentSkuId: 2, quantity: 1 }],
    };
    // The same component with its keys the other way round: not a change.
    const after = { ...before, sellPrice: 480, availableQty: 5, components: [{ quantity: 1, componentSkuId: 2 }] };
    expect(fieldDiffs(before, after, ['availableQty'])).toEqual([{ field: 'sellPrice', from: 460, to: 480 }]);
  });

  it('matches what the console sent with what the service returns', () => {
    expect(sentValueHeld(480.00001, 480)).toBe(true);
    expect(sentValueHeld(480, 481)).toBe(false);
    expect(
      sentValueHeld(
        [{ componentSkuId: 2, quantity: 3 }],
        [{ componentSkuId: 2, componentSkuName: 'Oolong', quantity: 3, sort: 0 }],
      ),
    ).toBe(true);
    expect(sentValueHeld([{ componentSkuId: 2, quantity: 3 }], [{ componentSkuId: 2, quantity: 4 }])).toBe(false);
    expect(sentValueHeld('Active', 'Inactive')).toBe(false);
  });
});
