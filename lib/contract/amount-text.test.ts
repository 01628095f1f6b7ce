import { describe, expect, it } from 'vitest';
import { parseAmount, parseAmountOrNull } from './amount-text';

describe('parseAmount: an amount as people type it', () => {
  it.each([
    ['2340000', 2_340_000],
    ['2,340,000', 2_340_000],
    ['NT$2,340,000', 2_340_000],
    ['nt$ 2,340,000', 2_340_000],
    ['$2,340,000', 2_340_000],
    ['NT＄２，３４０，０００', 2_340_000],
    ['２，３４０，０００', 2_340_000],
    ['２３４００００．５', 2_340_000.5],
    ['  1,560,000.25  ', 1_560_000.25],
    ['TWD 1,000', 1000],
    ['1,000元', 1000],
    ['-NT$5,000', -5000],
    ['NT$-5,000', -5000],
    ['−12', -12],
    ['0', 0],
    ['2 340 000', 2_340_000],
  ])('reads %j as %d', (text, value) => {
    expect(parseAmount(text)).toBe(value);
  });

  it.each(['abc', '1,23,4', '12,34', '1.2.3', 'NT$', '$$5', '5$', '1e6', '0x10', 'NT$2,340,000 USD', '١٢٣'])(
    'refuses %j (not an amount)',
    (text) => {
      expect(parseAmount(text)).toBeNaN();
    },
  );

  it('tells an empty box from a wrong one', () => {
    expect(parseAmountOrNull('')).toBeNull();
    expect(parseAmountOrNull('\u3000 ')).toBeNull();
    expect(parseAmountOrNull('x')).toBeNaN();
    expect(parseAmountOrNull('１０')).toBe(10);
  });
});
