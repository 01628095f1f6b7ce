/**
 * New Taiwan dollars as Taiwan writes them, in either language: NT$1,234.5 (zh-TW's own symbol would be a
 * bare "$", easily read as US dollars). Up to 4 decimals, as credit amounts carry them; none forced. The exact
 * figure, for where a value is checked digit by digit (a review of a typed amount); screens show formatNtd.
 */
export function formatMoney(locale: string, amount: number): string {
  return ntd(locale, amount, 0, 4);
}

/**
 * The one money format of the console's screens (tables, panels, charts; issue 27): NT$ with exactly two
 * decimals, the minus sign before the symbol (-NT$1,234.50). Show it in a nowrap, tabular-figure box (see
 * components/ui/amount.tsx): a line may otherwise break between "-" and "NT$".
 */
export function formatNtd(locale: string, amount: number): string {
  return ntd(locale, amount, 2, 2);
}

/**
 * The screens' format (formatNtd) where an amount is checked digit by digit beside amounts shown with it (a
 * typed credit amount and the one it replaces): two decimals, up to four where the amount has them.
 */
export function formatNtdExact(locale: string, amount: number): string {
  return ntd(locale, amount, 2, 4);
}

/**
 * NT$ in short figures for a chart's axis, where exact amounts do not fit side by side: NT$1.2M, NT$120.5萬.
 * The exact amounts are in the tooltip and the table beside the chart.
 */
export function formatNtdCompact(locale: string, amount: number): string {
  return withNtSymbol(
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'TWD',
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    }),
    amount,
  );
}

function ntd(locale: string, amount: number, min: number, max: number): string {
  // A debt rounded to zero shows no sign (signDisplay 'negative'), where two decimals cut it.
  const sign = min === 2 ? { signDisplay: 'negative' as const } : {};
  return withNtSymbol(
    new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'TWD',
      minimumFractionDigits: min,
      maximumFractionDigits: max,
      ...sign,
    }),
    amount,
  );
}

function withNtSymbol(format: Intl.NumberFormat, amount: number): string {
  return format
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? 'NT$' : part.value))
    .join('');
}

/** A quantity with its SKU's precision (0–4 decimals), always that many: 12.50 kg beside 3.00 kg. */
export function formatQuantity(locale: string, value: number, precision: number): string {
  const digits = Math.min(Math.max(Math.trunc(precision), 0), 4);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);
}
