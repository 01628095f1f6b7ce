/**
 * New Taiwan dollars as Taiwan writes them, in either language: NT$1,234.5 (zh-TW's own symbol would be a
 * bare "$", easily read as US dollars). Up to 4 decimals, as credit amounts carry them; none forced.
 */
export function formatMoney(locale: string, amount: number): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: 'TWD', minimumFractionDigits: 0, maximumFractionDigits: 4 })
    .formatToParts(amount)
    .map((part) => (part.type === 'currency' ? 'NT$' : part.value))
    .join('');
}
