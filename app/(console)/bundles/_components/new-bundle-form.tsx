'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import type { FormValue } from '@/components/form/changed-fields';
import { ExistingRecordNotice, useCreateGuard } from '@/components/form/create-guard';
import { EntityForm } from '@/components/form/entity-form';
import { useFieldError } from '@/components/form/field-error';
import { NumberField } from '@/components/form/number-field';
import { QueryState } from '@/components/record/query-state';
import { toComponentWrites, type DraftComponent } from '@/lib/client/bundles/recipe';
import { useCreateBundle } from '@/lib/client/bundles/save-bundle';
import { MONEY_MAX } from '@/lib/contract/values';
import type { ComponentWrite } from '@/lib/contract/bundles';
import { useCategories } from '@/components/record/use-categories';
import { BundleHeaderFields, useBundleValueFormat } from './bundle-header-fields';
import { RecipeRows } from './recipe-rows';

// bundleCreate: the write rules plus what a create needs (a category, at least one component), from lib/contract.
// The schema (zod) loads when the person first focuses a box, not with the page (EntityForm).
const bundleCreate = () => import('@/lib/contract/bundles').then((m) => m.bundleCreate);

const FIELDS = [
  'outerSysCode',
  'name',
  'productCategoryId',
  'unit',
  'spec',
  'barcode',
  'warehouse',
  'price',
  'sellPrice',
  'quantityPrecision',
  'components',
] as const;
const CREATE_DEFAULTS: Record<string, FormValue> = {
  outerSysCode: '',
  name: '',
  productCategoryId: null,
  unit: '',
  spec: '',
  barcode: '',
  warehouse: '',
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
  const router = useRouter();
  const t = useTranslations('bundles');
  const tr = useTranslations('records');
  const tf = useTranslations('forms');
  const categories = useCategories();
  const create = useCreateBundle();
  const guard = useCreateGuard('bundles');
  const formatHeader = useBundleValueFormat(categories);
  if (categories.query.isPending || categories.query.error) {
    return (
      <QueryState
        isPending={categories.query.isPending}
        error={categories.query.error}
        onRetry={() => void categories.query.refetch()}
        notFound=""
      />
    );
  }
  const labels = Object.fromEntries(FIELDS.map((f) => [f, t(`fields.${f}`)]));
  const placeholder = tf('createDefault', { value: tf('emptyDefault') });
  const zero = tf('createDefault', { value: '0' });

  return (
    <div className="space-y-4">
      <EntityForm
        schema={bundleCreate}
        fields={FIELDS}
        initialValues={CREATE_DEFAULTS}
        original={CREATE_DEFAULTS}
        labels={labels}
        formatValue={(field, value) => {
          if (field === 'components' && Array.isArray(value)) {
            return (value as ComponentWrite[]).map((c) => `#${c.componentSkuId} × ${c.quantity}`).join('; ');
          }
          return formatHeader(field, value);
        }}
        mode="create"
        submitLabel={tr('reviewAndCreate')}
        onSave={(changes) => create.mutateAsync(changes)}
        // The shared create guard (components/form/create-guard): an existing bundle with this ERP code is
        // shown while typing and nothing is sent, since the create would overwrite it (an upsert by code).
        beforeSend={guard.beforeSend}
        recheck={guard.recheck}
        onSaved={(result) => {
          guard.announce(result);
          router.push(`/bundles/${result.id}`);
        }}
        onCancel={() => router.push('/bundles')}
      >
        <ExistingRecordNotice resource="bundles" />
        <BundleHeaderFields
          categories={categories}
          placeholder={placeholder}
          precisionEmpty={tf('createDefault', { value: t('precisionOption', { digits: 0 }) })}
        >
          <NumberField
            name="price"
            label={t('fields.price')}
            description={t('priceHelp')}
            min={0}
            max={MONEY_MAX}
            placeholder={zero}
          />
          <NumberField
            name="sellPrice"
            label={t('fields.sellPrice')}
            description={t('priceHelp')}
            min={0}
            max={MONEY_MAX}
            placeholder={zero}
          />
        </BundleHeaderFields>
        <RecipeField />
      </EntityForm>
    </div>
  );
}
