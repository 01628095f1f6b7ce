'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useBarcodeWarning } from '@/components/form/barcode-warning';
import { formValuesFrom } from '@/components/form/changed-fields';
import { EntityForm } from '@/components/form/entity-form';
import { SelectField } from '@/components/form/select-field';
import { TextField } from '@/components/form/text-field';
import { QueryState } from '@/components/record/query-state';
import { recordLabel, RecordFormPage } from '@/components/record/record-form-page';
import { useCategories } from '@/components/record/use-categories';
import { toast } from '@/components/ui/toast';
import { useUpdateBundle } from '@/lib/client/bundles/save-bundle';
import { recordQueryOptions, useRecord } from '@/lib/client/queries';
import { BUNDLE_LIMITS, bundleWrite, type Bundle } from '@/lib/contract/bundles';
import { quantityPrecision } from '@/lib/contract/fields';

/**
 * A bundle's own fields (the header): its code, name, category, unit, spec, barcode, warehouse and precision.
 * Prices and the recipe are edited in their panels on the bundle's page, each reviewed on its own.
 */
const TEXT_FIELDS = ['outerSysCode', 'name', 'unit', 'spec', 'barcode', 'warehouse'] as const;
const FIELDS = ['outerSysCode', 'name', 'productCategoryId', 'unit', 'spec', 'barcode', 'warehouse', 'quantityPrecision'] as const;
// The precisions the contract accepts, read from its own rule rather than restated.
const PRECISIONS = Array.from({ length: 10 }, (_, d) => d).filter((d) => quantityPrecision.safeParse(d).success);

/** The form's values of a bundle as read (text fields '' for null), only the header's fields. */
function headerOf(bundle: Bundle) {
  const values = formValuesFrom(bundle, [...TEXT_FIELDS]);
  return Object.fromEntries(FIELDS.map((f) => [f, values[f]])) as { [F in (typeof FIELDS)[number]]: Bundle[F] };
}

function BundleEditForm({ bundle }: { bundle: Bundle }) {
  const router = useRouter();
  const t = useTranslations('bundles');
  const tr = useTranslations('records');
  const categories = useCategories();
  const update = useUpdateBundle(bundle.id);
  const client = useQueryClient();
  const barcodeWarning = useBarcodeWarning();
  if (categories.query.isPending || categories.query.error) {
    return <QueryState isPending={categories.query.isPending} error={categories.query.error} onRetry={() => void categories.query.refetch()} notFound="" />;
  }
  const labels = Object.fromEntries(FIELDS.map((f) => [f, t(`fields.${f}`)]));
  const original = headerOf(bundle);
  return (
    <EntityForm
      schema={bundleWrite}
      fields={FIELDS}
      initialValues={original}
      original={original}
      labels={labels}
      formatValue={(field, value) => {
        if (field === 'productCategoryId' && typeof value === 'number') return categories.pathOf(value);
        if (field === 'quantityPrecision' && typeof value === 'number') return t('precisionOption', { digits: value });
        return undefined;
      }}
      mode="edit"
      submitLabel={tr('reviewAndSave')}
      onSave={(changes) => update.mutateAsync(changes)}
      reread={async () => headerOf(await client.fetchQuery({ ...recordQueryOptions('bundle', bundle.id), staleTime: 0 }))}
      onSaved={() => {
        toast.success(tr('saved'));
        router.push(`/bundles/${bundle.id}`);
      }}
      onCancel={() => router.push(`/bundles/${bundle.id}`)}
    >
      <div className="grid gap-5 md:grid-cols-2">
        {TEXT_FIELDS.slice(0, 2).map((f) => (
          <TextField key={f} name={f} label={t(`fields.${f}`)} max={BUNDLE_LIMITS[f]} />
        ))}
        <SelectField
          name="productCategoryId"
          label={t('fields.productCategoryId')}
          emptyLabel={t('form.chooseCategory')}
          required
          description={t('form.categoryHelp')}
          groups={categories.groups}
        />
        {TEXT_FIELDS.slice(2).map((f) => (
          <TextField key={f} name={f} label={t(`fields.${f}`)} max={BUNDLE_LIMITS[f]} warn={f === 'barcode' ? barcodeWarning : undefined} />
        ))}
        <SelectField
          name="quantityPrecision"
          label={t('fields.quantityPrecision')}
          emptyLabel={t('precisionOption', { digits: 0 })}
          options={PRECISIONS.map((d) => ({ value: d, label: t('precisionOption', { digits: d }) }))}
        />
      </div>
    </EntityForm>
  );
}

export function BundleEditPage({ id }: { id: number }) {
  const t = useTranslations('bundles');
  const bundle = useRecord('bundle', id);
  const b = bundle.data;
  return (
    <RecordFormPage back={{ href: `/bundles/${id}`, label: recordLabel(b, id) }} title={t('editTitle')}>
      <QueryState isPending={bundle.isPending} error={bundle.error} onRetry={() => void bundle.refetch()} notFound={t('notFound')} />
      {b ? <BundleEditForm key={b.id} bundle={b} /> : null}
    </RecordFormPage>
  );
}
