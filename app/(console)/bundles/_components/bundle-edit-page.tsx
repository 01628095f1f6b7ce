'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { formValuesFrom } from '@/components/form/changed-fields';
import { EntityForm } from '@/components/form/entity-form';
import { QueryState } from '@/components/record/query-state';
import { RecordEditPage } from '@/components/record/record-form-page';
import { useCategories } from '@/components/record/use-categories';
import { toast } from '@/components/ui/toast';
import { useUpdateBundle } from '@/lib/client/bundles/save-bundle';
import { recordQueryOptions, useRecord } from '@/lib/client/queries';
import type { Bundle } from '@/lib/contract/bundles';
import { BUNDLE_TEXT_FIELDS, BundleHeaderFields, useBundleValueFormat } from './bundle-header-fields';

// The write schema (zod) loads when the person first focuses a box, not with the page (EntityForm).
const bundleWrite = () => import('@/lib/contract/bundles').then((m) => m.bundleWrite);

/**
 * A bundle's own fields (the header): its code, name, category, unit, spec, barcode, warehouse and precision.
 * Prices and the recipe are edited in their panels on the bundle's page, each reviewed on its own.
 */
const FIELDS = [
  'outerSysCode',
  'name',
  'productCategoryId',
  'unit',
  'spec',
  'barcode',
  'warehouse',
  'quantityPrecision',
] as const;

/** The form's values of a bundle as read (text fields '' for null), only the header's fields. */
function headerOf(bundle: Bundle) {
  const values = formValuesFrom(bundle, [...BUNDLE_TEXT_FIELDS]);
  return Object.fromEntries(FIELDS.map((f) => [f, values[f]])) as { [F in (typeof FIELDS)[number]]: Bundle[F] };
}

function BundleEditForm({ bundle }: { bundle: Bundle }) {
  const router = useRouter();
  const t = useTranslations('bundles');
  const tr = useTranslations('records');
  const categories = useCategories();
  const update = useUpdateBundle(bundle.id);
  const client = useQueryClient();
  const formatValue = useBundleValueFormat(categories);
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
  const original = headerOf(bundle);
  return (
    <EntityForm
      schema={bundleWrite}
      fields={FIELDS}
      initialValues={original}
      original={original}
      labels={labels}
      formatValue={formatValue}
      mode="edit"
      submitLabel={tr('reviewAndSave')}
      onSave={(changes) => update.mutateAsync(changes)}
      reread={async () =>
        headerOf(await client.fetchQuery({ ...recordQueryOptions('bundle', bundle.id), staleTime: 0 }))
      }
      onSaved={() => {
        toast.success(tr('saved'));
        router.push(`/bundles/${bundle.id}`);
      }}
      onCancel={() => router.push(`/bundles/${bundle.id}`)}
    >
      <BundleHeaderFields categories={categories} precisionEmpty={t('precisionOption', { digits: 0 })} />
    </EntityForm>
  );
}

export function BundleEditPage({ id }: { id: number }) {
  return (
    <RecordEditPage
      namespace="bundles"
      id={id}
      read={useRecord('bundle', id)}
      form={(b) => <BundleEditForm bundle={b} />}
    />
  );
}
