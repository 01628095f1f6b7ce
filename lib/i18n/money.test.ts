import { describe, expect, it } from 'vitest';
import { formatMoney } from './money';

describe('NT$ amounts', () => {
  it.each([
    ['zh-TW', 1234.5, 'NT$1,234.5'],
    ['zh-TW', 9999999.99, 'NT$9,999,999.99'],
    ['zh-TW', -500, '-NT$500'],
    ['en', 0, 'NT$0'],
    ['en', 12.3456, 'NT$12.3456'],
  ])('%s %d → %s', (locale, amount, text) => {
    expect(formatMoney(locale, amount)).toBe(text);
  });
});
