'use client';

import { useTranslations } from 'next-intl';
import { NumberField } from './number-field';

/** A SKU's or a bundle's list and sell price boxes, side by side in the form's grid, each with the price help. */
export function PriceFields({
  namespace,
  placeholder,
  max,
}: {
  /** The catalogue with fields.price, fields.sellPrice and priceHelp. */
  namespace: 'skus' | 'bundles';
  /** What an empty box stands for (the create default). */
  placeholder?: string;
  max?: number;
}) {
  const t = useTranslations(namespace);
  return (
    <>
      {(['price', 'sellPrice'] as const).map((name) => (
        <NumberField
          key={name}
          name={name}
          label={t(`fields.${name}`)}
          description={t('priceHelp')}
          min={0}
          max={max}
          placeholder={placeholder}
        />
      ))}
    </>
  );
}
