'use client';

import { useTranslations } from 'next-intl';
import { wrongCheckDigit } from '@/lib/imports/gs1';

/**
 * The check-digit warning of a barcode field (EAN-8/13, UPC-A, GTIN-14): the platform takes any text, so a wrong
 * digit is said, with the digit it should be, and the form still saves. Internal codes are left alone.
 */
export function useBarcodeWarning(): (value: string) => string | null {
  const t = useTranslations('forms');
  return (value) => {
    const wrong = wrongCheckDigit(value);
    return wrong ? t('barcodeCheckDigit', { kind: wrong.kind, digit: wrong.expected }) : null;
  };
}
