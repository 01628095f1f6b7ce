'use client';

import { useTranslations } from 'next-intl';
import { useQueryClient } from '@tanstack/react-query';
import { useController, useFormContext } from 'react-hook-form';
import { formValuesFrom, type FormValue } from '@/components/form/changed-fields';
import { RecordCreateForm, RecordEditForm } from '@/components/form/record-forms';
import { PriceFields } from '@/components/form/price-fields';
import { RecordSearch } from '@/components/form/record-search';
import { SelectField } from '@/components/form/select-field';
import { useBarcodeWarning } from '@/components/form/barcode-warning';
import { useFieldFrame } from '@/components/form/field-error';
import { TextField } from '@/components/form/text-field';
import { Alert } from '@/components/ui';
import { productSource } from '@/lib/client/pickers';
import { useCreateSku, useUpdateSku } from '@/lib/client/skus/save-sku';
import { recordKey } from '@/lib/client/query-keys';
import type { Sku } from '@/lib/contract/resources';
import { LIMITS } from '@/lib/contract/values';
import { useReadAfresh, useRecord } from '@/lib/client/queries';

// The write schemas (zod) load when the person first focuses a box, not with the page (EntityForm).
const skuWrite = () => import('@/lib/contract/skus').then((m) => m.skuWrite);
const skuCreate = () => import('@/lib/contract/skus').then((m) => m.skuCreate);

const L = LIMITS.sku;
const TEXT_FIELDS = ['outerSysCode', 'name', 'barcode', 'warehouse', 'unit', 'spec'] as const;
/** Prices are edited in the SKU page's price panel (through the price batch), so the edit form leaves them out. */
const EDIT_FIELDS = ['productId', ...TEXT_FIELDS, 'quantityPrecision'] as const;
const CREATE_FIELDS = ['productId', ...TEXT_FIELDS, 'price', 'sellPrice', 'quantityPrecision'] as const;
const CREATE_DEFAULTS = {
  productId: null,
  outerSysCode: '',
  name: '',
  barcode: '',
  warehouse: '',
  unit: '',
  spec: '',
  price: null,
  sellPrice: null,
  quantityPrecision: null,
};

/**
 * The SKU's product: one picker by code and name (issue 54: no id box beside a finder). The chosen product is named
 * in the field's help, from the search's row when just picked, else read by its id; the id never shows.
 */
function ProductField({ required }: { required: boolean }) {
  const t = useTranslations('skus');
  const { control, setValue } = useFormContext();
  const { field } = useController({ control, name: 'productId' });
  const frame = useFieldFrame('productId');
  const id = field.value as number | null;
  const valid = typeof id === 'number' && Number.isSafeInteger(id) && id > 0;
  const client = useQueryClient();
  const product = useRecord('product', valid ? id : null);
  const named = product.data;
  const chosen = !valid
    ? t('productNone')
    : named
      ? t('productIs', { name: [named.outerSysCode, named.name].filter(Boolean).join(' · ') || '—' })
      : product.isPending
        ? t('productLookup')
        : t('productMissing');
  return (
    <RecordSearch
      id={frame.id}
      error={frame.error}
      required={required}
      inputRef={field.ref}
      label={t('fields.productId')}
      description={
        <>
          <span className="block font-medium text-zinc-900 dark:text-zinc-100" aria-live="polite">
            {chosen}
          </span>
          {t('productHelp')}
        </>
      }
      action="choose"
      source={productSource}
      messages="find.productSearch"
      onPick={(p) => {
        // The search's row is the product as a list has it: kept as its record, so the field and the review name
        // it at once (a record read corrects it when it is next read).
        if (!client.getQueryData(recordKey('product', p.id))) client.setQueryData(recordKey('product', p.id), p);
        setValue('productId', p.id, { shouldDirty: true, shouldValidate: true });
      }}
    />
  );
}

function SkuFields({ mode }: { mode: 'create' | 'edit' }) {
  const t = useTranslations('skus');
  const tf = useTranslations('forms');
  const empty = mode === 'create' ? tf('createDefault', { value: tf('emptyDefault') }) : undefined;
  const zero = mode === 'create' ? tf('createDefault', { value: '0' }) : undefined;
  const barcodeWarning = useBarcodeWarning();
  return (
    <div className="grid gap-5 md:grid-cols-2">
      <ProductField required={mode === 'create'} />
      <TextField
        name="outerSysCode"
        label={t('fields.outerSysCode')}
        max={L.outerSysCode}
        required={mode === 'create'}
      />
      <TextField name="name" label={t('fields.name')} max={L.name} placeholder={empty} />
      <TextField name="barcode" label={t('fields.barcode')} max={L.barcode} placeholder={empty} warn={barcodeWarning} />
      <TextField name="warehouse" label={t('fields.warehouse')} max={L.warehouse} placeholder={empty} />
      <TextField name="unit" label={t('fields.unit')} max={L.unit} placeholder={empty} />
      <TextField name="spec" label={t('fields.spec')} max={L.spec} placeholder={empty} />
      {mode === 'create' ? <PriceFields namespace="skus" placeholder={zero} /> : null}
      <SelectField
        name="quantityPrecision"
        label={t('fields.quantityPrecision')}
        emptyLabel={mode === 'create' ? tf('createDefault', { value: t('precisionOption', { digits: 0 }) }) : undefined}
        options={[0, 1, 2, 3, 4].map((d) => ({ value: d, label: t('precisionOption', { digits: d }) }))}
      />
    </div>
  );
}

/** The review's labels and values in words: a precision as "2 decimal places", the product by code and name. */
function useReviewFormat() {
  const t = useTranslations('skus');
  const client = useQueryClient();
  const productName = (id: number) => {
    const p = client.getQueryData<{ outerSysCode: string | null; name: string | null }>(recordKey('product', id));
    return p ? [p.outerSysCode, p.name].filter(Boolean).join(' · ') || undefined : undefined;
  };
  return {
    labels: Object.fromEntries(CREATE_FIELDS.map((f) => [f, t(`fields.${f}`)])) as Record<string, string>,
    formatValue: (field: string, value: FormValue) =>
      field === 'quantityPrecision' && typeof value === 'number'
        ? t('precisionOption', { digits: value })
        : field === 'productId' && typeof value === 'number'
          ? productName(value)
          : undefined,
  };
}

function SkuEditForm({ sku }: { sku: Sku }) {
  const update = useUpdateSku(sku.id);
  const readAfresh = useReadAfresh();
  const review = useReviewFormat();
  return (
    <RecordEditForm
      schema={skuWrite}
      fields={EDIT_FIELDS}
      original={formValuesFrom(sku, TEXT_FIELDS)}
      {...review}
      onSave={(changes) => update.mutateAsync(changes)}
      reread={async () => formValuesFrom(await readAfresh('sku', sku.id), TEXT_FIELDS)}
      href={`/skus/${sku.id}`}
      record={{ type: 'skus', id: sku.id }}
    >
      <SkuFields mode="edit" />
    </RecordEditForm>
  );
}

function SkuCreateForm({ initialProductId }: { initialProductId?: number }) {
  const create = useCreateSku();
  const review = useReviewFormat();
  return (
    <RecordCreateForm
      resource="skus"
      schema={skuCreate}
      fields={CREATE_FIELDS}
      defaults={CREATE_DEFAULTS}
      initialValues={{ ...CREATE_DEFAULTS, productId: initialProductId ?? null }}
      {...review}
      onSave={(changes) => create.mutateAsync(changes)}
      cancelHref={initialProductId ? `/products/${initialProductId}` : '/skus'}
    >
      <SkuFields mode="create" />
    </RecordCreateForm>
  );
}

export function SkuForm({ sku, initialProductId }: { sku?: Sku; initialProductId?: number }) {
  const t = useTranslations('skus');
  const tf = useTranslations('forms');
  return (
    <div className="space-y-5">
      <Alert tone="info" role={undefined}>
        {sku ? t('priceEditedInPanel') : tf('activeOnCreate')}
      </Alert>
      {sku ? <SkuEditForm sku={sku} /> : <SkuCreateForm initialProductId={initialProductId} />}
    </div>
  );
}
