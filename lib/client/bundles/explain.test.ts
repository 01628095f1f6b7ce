import { describe, expect, it } from 'vitest';
import { availableQty } from '@/lib/contract/available-qty';
import { capsBundle, explainRecipe, sellable, shortfall } from './explain';

const line = (inventoryQty: number, reservedQty: number, quantity: number) => ({ inventoryQty, reservedQty, quantity });

describe('explainRecipe', () => {
  it('gives the same figure as the contract rule, with each component’s share rounded down', () => {
    const lines = [line(10, 0, 3), line(100, 0, 1)];
    const explained = explainRecipe(lines);
    expect(explained.availableQty).toBe(availableQty(lines));
    expect(explained.lines.map((l) => l.allows)).toEqual([3, 100]);
    expect(explained.lines.map((l) => l.limiting)).toEqual([true, false]);
  });

  it('divides exactly: 0.7 ÷ 0.1 allows 7', () => {
    expect(explainRecipe([line(0.7, 0, 0.1)]).lines[0]).toEqual({ available: 0.7, allows: 7, limiting: true });
  });

  it('takes 4-decimal quantities and stock as stored', () => {
    const explained = explainRecipe([line(1.2345, 0, 0.0001), line(3, 0.5, 1.25)]);
    expect(explained.lines.map((l) => l.allows)).toEqual([12_345, 2]);
    expect(explained.availableQty).toBe(2);
    expect(explained.lines[1]?.available).toBe(2.5);
  });

  it('never lets a component allow fewer than 0, and marks every component that caps the figure at 0', () => {
    const explained = explainRecipe([line(-3, 0, 1), line(2, 5, 1), line(100, 0, 1)]);
    expect(explained.availableQty).toBe(0);
    expect(explained.lines.map((l) => l.available)).toEqual([-3, -3, 100]);
    expect(explained.lines.map((l) => l.allows)).toEqual([0, 0, 100]);
    expect(explained.lines.map((l) => l.limiting)).toEqual([true, true, false]);
  });

  it('marks every tied component as limiting', () => {
    expect(explainRecipe([line(10, 0, 2), line(12, 2, 2), line(11, 0, 1)]).lines.map((l) => l.limiting)).toEqual([
      true,
      true,
      false,
    ]);
  });
});

describe('sellable', () => {
  it('is on hand minus reserved without float drift', () => {
    expect(0.3 - 0.1).not.toBe(0.2);
    expect(sellable({ inventoryQty: 0.3, reservedQty: 0.1 })).toBe(0.2);
  });
});

describe('shortfall', () => {
  it('is target × quantity − available, exactly, and 0 when there is enough', () => {
    expect(shortfall(line(0.7, 0, 0.1), 10)).toBe(0.3);
    expect(shortfall(line(0.7, 0, 0.1), 7)).toBe(0);
    expect(shortfall(line(10, 4, 2), 5)).toBe(4);
    expect(shortfall(line(-3, 0, 1), 2)).toBe(5);
    expect(shortfall(line(1, 0, 0.0001), 10_001)).toBe(0.0001);
    expect(shortfall(line(5, 0, 1), 0)).toBe(0);
  });

  it('refuses a target that is not a whole number of 0 or more', () => {
    expect(() => shortfall(line(1, 0, 1), 1.5)).toThrow(RangeError);
    expect(() => shortfall(line(1, 0, 1), -1)).toThrow(RangeError);
  });
});

describe('capsBundle', () => {
  it('says whether one component alone allows no more than the bundle’s figure', () => {
    expect(capsBundle(line(0.7, 0, 0.1), 7)).toBe(true);
    expect(capsBundle(line(100, 0, 1), 7)).toBe(false);
    expect(capsBundle(line(-2, 0, 1), 0)).toBe(true);
  });
});
