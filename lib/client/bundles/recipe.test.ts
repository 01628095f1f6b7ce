import { describe, expect, it } from 'vitest';
import { errorMessage } from '@/lib/i18n/error-messages';
import { componentError, toComponentWrites } from './recipe';

const line = (quantity: string) => ({ skuId: 7, code: 'S7', name: 'Seven', quantity });

describe('componentError (the contract’s component-quantity rule, checked before sending)', () => {
  it('accepts up to 4 decimals and anything still above 0 after rounding to 4 decimals', () => {
    for (const q of ['1', '0.0001', '2.5', '0.00005', '1.23456']) expect(componentError(line(q)), q).toBeNull();
  });

  it('refuses 0, a value that rounds to 0, a negative, an empty box and text, with the contract’s code', () => {
    for (const q of ['0', '0.00004', '-1', '', 'abc'])
      expect(componentError(line(q)), q).toBe('invalid_component_quantity');
    expect(errorMessage('invalid_component_quantity')).toMatch(/greater than 0/);
  });
});

describe('toComponentWrites', () => {
  it('sends every line by SKU id, in the order shown', () => {
    expect(toComponentWrites([line(' 2.5 '), { ...line('1'), skuId: 3 }])).toEqual([
      { componentSkuId: 7, quantity: 2.5, sort: 10 },
      { componentSkuId: 3, quantity: 1, sort: 20 },
    ]);
  });
});
