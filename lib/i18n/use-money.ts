import { useLocale } from 'next-intl';
import { useCallback } from 'react';
import { formatMoney } from './money';

/** formatMoney in the page's language. */
export function useMoney(): (amount: number) => string {
  const locale = useLocale();
  return useCallback((amount: number) => formatMoney(locale, amount), [locale]);
}
