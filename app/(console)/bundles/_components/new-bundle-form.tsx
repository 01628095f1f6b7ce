'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { FormValue } from '@/components/form/changed-fields';
import { useFieldError } from '@/components/form/field-error';
import { PriceFields } from '@/components/form/price-fields';
import { RecordCreateForm } from '@/components/form/record-forms';
import { QueryGate } from '@/components/record/query-state';
import { toComponentWrites, type DraftComponent } from '@/lib/client/bundles/recipe';
import { useCreateBundle } from '@/lib/client/bundles/save-bundle';
import { MONEY_MAX } from '@/lib/contract/values';
import type { ComponentWrite } from '@/lib/contract/bundles';
import { useCategories } from '@/components/record/use-categories';
import {
  BUNDLE_HEADER_FIELDS,
  BUNDLE_TEXT_FIELDS,
  BundleHeaderFields,
  useBundleValueFormat,
} from './bundle-header-fields';
import { RecipeRows } from './recipe-rows';

// bundleCreate: the write rules plus what a create needs (a category, at least one component), from lib/contract.
// The schema (zod) loads when the person first focuses a box, not with the page (EntityForm).
const bundleCreate = () => import('@/lib/contract/bundles').then((m) => m.bundleCreate);

const FIELDS = [...BUNDLE_HEADER_FIELDS, 'price', 'sellPrice', 'quantityPrecision', 'components'] as const;
// Text boxes start empty, the rest unset.
const CREATE_DEFAULTS: Record<string, FormValue> = {
  ...Object.fromEntries(BUNDLE_TEXT_FIELDS.map((f) => [f, ''])),
  productCategoryId: null,
  price: null,
  sellPrice: null,
  quantityPrecision: null,
  components: null,
};

/** The recipe inside the create form: rows edited here, written to the form's `components` value. */
function RecipeField() {
  const t = useTranslations('bundles');
  const { setValue, formState } = useFormContext();
  const fieldError = useFieldError();
  const [rows, setRows] = useState<DraftComponent[]>([]);
  const submitted = formState.submitCount > 0;
  useEffect(() => {
    setValue('components', rows.length ? toComponentWrites(rows) : null, {
      shouldValidate: submitted,
      shouldDirty: rows.length > 0,
    });
  }, [rows, setValue, submitted]);
  const error = fieldError(formState.errors.components?.message);
  return (
    <fieldset className="space-y-3 rounded-md border border-zinc-200 p-4 dark:border-zinc-800">
      <legend className="px-1 text-sm font-medium">{t('fields.components')}</legend>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">{t('form.componentsHelp')}</p>
      <RecipeRows rows={rows} onChange={setRows} showAllErrors={submitted} rowErrors={new Map()} />
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function NewBundleForm() {
  const t = useTranslations('bundles');
  const tf = useTranslations('forms');
  const categories = useCategories();
  const create = useCreateBundle();
  const formatHeader = useBundleValueFormat(categories);
  return (
    <QueryGate query={categories.query}>
      <div className="space-y-4">
        <RecordCreateForm
          resource="bundles"
          schema={bundleCreate}
          fields={FIELDS}
          defaults={CREATE_DEFAULTS}
          labels={Object.fromEntries(FIELDS.map((f) => [f, t(`fields.${f}`)]))}
          formatValue={(field, value) => {
            if (field === 'components' && Array.isArray(value)) {
              return (value as ComponentWrite[]).map((c) => `#${c.componentSkuId} × ${c.quantity}`).join('; ');
            }
            return formatHeader(field, value);
          }}
          onSave={(changes) => create.mutateAsync(changes)}
        >
          <BundleHeaderFields
            categories={categories}
            placeholder={tf('createDefault', { value: tf('emptyDefault') })}
            precisionEmpty={tf('createDefault', { value: t('precisionOption', { digits: 0 }) })}
          >
            <PriceFields namespace="bundles" max={MONEY_MAX} placeholder={tf('createDefault', { value: '0' })} />
          </BundleHeaderFields>
          <RecipeField />
        </RecordCreateForm>
      </div>
    </QueryGate>
  );
}
