import { describe, expect, it } from 'vitest';
import { availableQty, explainAvailableQty, toUnits } from './available-qty';

const c = (inventoryQty: number, reservedQty: number, quantity: number) => ({ inventoryQty, reservedQty, quantity });

describe('availableQty', () => {
  it('divides exactly: 0.7 ÷ 0.1 is 7, not 6.999…', () => {
    expect(0.7 / 0.1).toBeLessThan(7); // the float trap this guards against
    expect(availableQty([c(0.7, 0, 0.1)])).toBe(7);
    expect(availableQty([c(0.3, 0, 0.1)])).toBe(3);
  });

  it('takes the minimum over the recipe and rounds down', () => {
    expect(availableQty([c(10, 0, 3), c(100, 0, 1)])).toBe(3);
    expect(availableQty([c(10, 0, 2), c(7, 0, 2)])).toBe(3);
  });

  it('uses the sellable quantity, inventory minus reserved', () => {
    expect(availableQty([c(10, 4, 2)])).toBe(3);
    expect(availableQty([c(10, 10, 1)])).toBe(0);
  });

  it('handles a component quantity of 0.0001', () => {
    expect(availableQty([c(1, 0, 0.0001)])).toBe(10_000);
    expect(availableQty([c(0.0003, 0.0001, 0.0001)])).toBe(2);
    expect(availableQty([c(0.0001, 0, 0.0002)])).toBe(0);
    expect(availableQty([c(0.0002, 0.0001, 0.0001), c(5, 0, 0.0001)])).toBe(1);
  });

  it('handles fractional stock and fractional recipes', () => {
    expect(availableQty([c(2.75, 0.25, 0.5)])).toBe(5);
    expect(availableQty([c(2.74, 0.25, 0.5)])).toBe(4);
    expect(availableQty([c(1.2345, 0, 0.25), c(3, 0.5, 1.25)])).toBe(2);
  });

  it('clamps at 0 when a component is oversold (a component that allows negative stock still counts)', () => {
    expect(availableQty([c(-5, 0, 1), c(100, 0, 1)])).toBe(0);
    expect(availableQty([c(2, 3, 1)])).toBe(0);
    expect(availableQty([c(-0.5, 0, 1)])).toBe(0);
  });

  it('stays exact at large stored values', () => {
    expect(availableQty([c(99_999_999_999.9999, 0, 0.0001)])).toBe(999_999_999_999_999);
  });

  it('assembles nothing from an empty recipe', () => {
    expect(availableQty([])).toBe(0);
  });

  it('scales stored values to 1e-4 units', () => {
    expect(toUnits(0.1)).toBe(1000n);
    expect(toUnits(-1.5)).toBe(-15000n);
    expect(toUnits(12.3456)).toBe(123456n);
  });

  it('explains which component caps the figure', () => {
    expect(explainAvailableQty([c(100, 0, 1), c(0.7, 0, 0.1), c(-2, 0, 1)])).toEqual({
      availableQty: 0,
      fits: [100, 7, -2],
      limitingIndex: 2,
    });
    expect(explainAvailableQty([c(10, 0, 2), c(12, 2, 2)])).toEqual({
      availableQty: 5,
      fits: [5, 5],
      limitingIndex: 0,
    });
    expect(explainAvailableQty([])).toEqual({ availableQty: 0, fits: [], limitingIndex: -1 });
  });
});
