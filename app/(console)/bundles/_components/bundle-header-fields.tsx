'use client';

import { useTranslations } from 'next-intl';
import { useBarcodeWarning } from '@/components/form/barcode-warning';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import type { useCategories } from '@/components/record/use-categories';
import { BUNDLE_LIMITS, isQuantityPrecision } from '@/lib/contract/values';

/** A bundle's own text fields, in the order the forms show them (the category sits after the first two). */
export const BUNDLE_TEXT_FIELDS = ['outerSysCode', 'name', 'unit', 'spec', 'barcode', 'warehouse'] as const;
/** The header's fields before its quantity precision, in form order: what both forms edit and send. */
export const BUNDLE_HEADER_FIELDS = [
  ...BUNDLE_TEXT_FIELDS.slice(0, 2),
  'productCategoryId',
  ...BUNDLE_TEXT_FIELDS.slice(2),
] as const;
// The precisions the contract accepts, read from its own rule rather than restated.
const PRECISIONS = Array.from({ length: 10 }, (_, d) => d).filter(isQuantityPrecision);

type Categories = ReturnType<typeof useCategories>;

/** How the review shows a bundle's category and precision (the other fields as typed). */
export function useBundleValueFormat(categories: Categories) {
  const t = useTranslations('bundles');
  return (field: string, value: unknown): string | undefined => {
    if (field === 'productCategoryId' && typeof value === 'number') return categories.pathOf(value);
    if (field === 'quantityPrecision' && typeof value === 'number') return t('precisionOption', { digits: value });
    return undefined;
  };
}

/**
 * The header fields of the create and edit forms: code, name, category, unit, spec, barcode, warehouse, then
 * `children` (the create form's prices), then the quantity precision.
 */
export function BundleHeaderFields({
  categories,
  placeholder,
  precisionEmpty,
  children,
}: {
  categories: Categories;
  /** What an empty text box stands for (the create default); none on edit. */
  placeholder?: string;
  precisionEmpty: string;
  children?: React.ReactNode;
}) {
  const t = useTranslations('bundles');
  const barcodeWarning = useBarcodeWarning();
  return (
    <div className="grid gap-5 md:grid-cols-2">
      {BUNDLE_TEXT_FIELDS.slice(0, 2).map((f) => (
        <TextField key={f} name={f} label={t(`fields.${f}`)} max={BUNDLE_LIMITS[f]} placeholder={placeholder} />
      ))}
      <SelectField
        name="productCategoryId"
        label={t('fields.productCategoryId')}
        emptyLabel={t('form.chooseCategory')}
        required
        description={t('form.categoryHelp')}
        groups={categories.groups}
      />
      {BUNDLE_TEXT_FIELDS.slice(2).map((f) => (
        <TextField
          key={f}
          name={f}
          label={t(`fields.${f}`)}
          max={BUNDLE_LIMITS[f]}
          placeholder={placeholder}
          warn={f === 'barcode' ? barcodeWarning : undefined}
        />
      ))}
      {children}
      <SelectField
        name="quantityPrecision"
        label={t('fields.quantityPrecision')}
        emptyLabel={precisionEmpty}
        options={PRECISIONS.map((d) => ({ value: d, label: t('precisionOption', { digits: d }) }))}
      />
    </div>
  );
}
