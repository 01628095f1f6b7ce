import { describe, expect, it } from 'vitest';
import { formatMoney, formatNtd, formatNtdCompact, formatNtdExact, formatQuantity } from './money';

// Each formatter of amounts, with the texts it must give: [locale, amount, text].
const AMOUNT_FORMATS: [string, (locale: string, amount: number) => string, [string, number, string][]][] = [
  [
    'NT$ amounts',
    formatMoney,
    [
      ['zh-TW', 1234.5, 'NT$1,234.5'],
      ['zh-TW', 9999999.99, 'NT$9,999,999.99'],
      ['zh-TW', -500, '-NT$500'],
      ['en', 0, 'NT$0'],
      ['en', 12.3456, 'NT$12.3456'],
    ],
  ],
  [
    'NT$ on screens: two decimals, the sign attached',
    formatNtd,
    [
      ['zh-TW', 1367253.4, 'NT$1,367,253.40'],
      ['zh-TW', 0.44, 'NT$0.44'],
      ['zh-TW', 884862, 'NT$884,862.00'],
      ['zh-TW', -500, '-NT$500.00'],
      ['en', 12.3456, 'NT$12.35'],
      ['en', -0.004, 'NT$0.00'],
    ],
  ],
  [
    'NT$ checked digit by digit: two decimals, four where the amount has them',
    formatNtdExact,
    [
      ['zh-TW', 1910000, 'NT$1,910,000.00'],
      ['en', 1234567.5678, 'NT$1,234,567.5678'],
      ['en', -0.5, '-NT$0.50'],
    ],
  ],
  [
    'NT$ on a chart axis: short figures, the same symbol',
    formatNtdCompact,
    [
      ['en', 1234567, 'NT$1.2M'],
      ['zh-TW', 1234567, 'NT$123.5萬'],
      ['en', 0, 'NT$0'],
    ],
  ],
];

describe.each(AMOUNT_FORMATS)('%s', (_name, format, cases) => {
  it.each(cases)('%s %d → %s', (locale, amount, text) => {
    expect(format(locale, amount)).toBe(text);
  });
});

describe('quantities with their precision', () => {
  it.each([
    ['en', 12.5, 2, '12.50'],
    ['zh-TW', 3, 0, '3'],
    ['zh-TW', 1234.5, 3, '1,234.500'],
  ])('%s %d at %d → %s', (locale, value, precision, text) => {
    expect(formatQuantity(locale, value, precision)).toBe(text);
  });
});
