import { useLocale } from 'next-intl';
import { useCallback } from 'react';
import { formatNtd, formatQuantity } from './money';

/** The screens' money format (formatNtd) in the page's language. */
export function useMoney(): (amount: number) => string {
  const locale = useLocale();
  return useCallback((amount: number) => formatNtd(locale, amount), [locale]);
}

/** formatQuantity in the page's language. */
export function useQuantity(): (value: number, precision: number) => string {
  const locale = useLocale();
  return useCallback((value: number, precision: number) => formatQuantity(locale, value, precision), [locale]);
}
