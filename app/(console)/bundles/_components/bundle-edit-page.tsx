'use client';

import { useTranslations } from 'next-intl';
import { formValuesFrom } from '@/components/form/changed-fields';
import { RecordEditForm } from '@/components/form/record-forms';
import { QueryGate } from '@/components/record/query-state';
import { RecordEditPage } from '@/components/record/record-form-page';
import { useCategories } from '@/components/record/use-categories';
import { useUpdateBundle } from '@/lib/client/bundles/save-bundle';
import { useReadAfresh } from '@/lib/client/queries';
import type { Bundle } from '@/lib/contract/bundles';
import {
  BUNDLE_HEADER_FIELDS,
  BUNDLE_TEXT_FIELDS,
  BundleHeaderFields,
  useBundleValueFormat,
} from './bundle-header-fields';

// The write schema (zod) loads when the person first focuses a box, not with the page (EntityForm).
const bundleWrite = () => import('@/lib/contract/bundles').then((m) => m.bundleWrite);

/**
 * A bundle's own fields (the header): its code, name, category, unit, spec, barcode, warehouse and precision.
 * Prices and the recipe are edited in their panels on the bundle's page, each reviewed on its own.
 */
const FIELDS = [...BUNDLE_HEADER_FIELDS, 'quantityPrecision'] as const;

/** The form's values of a bundle as read (text fields '' for null), only the header's fields. */
function headerOf(bundle: Bundle) {
  const values = formValuesFrom(bundle, [...BUNDLE_TEXT_FIELDS]);
  return Object.fromEntries(FIELDS.map((f) => [f, values[f]])) as { [F in (typeof FIELDS)[number]]: Bundle[F] };
}

function BundleEditForm({ bundle }: { bundle: Bundle }) {
  const t = useTranslations('bundles');
  const categories = useCategories();
  const update = useUpdateBundle(bundle.id);
  const readAfresh = useReadAfresh();
  const formatValue = useBundleValueFormat(categories);
  return (
    <QueryGate query={categories.query}>
      <RecordEditForm
        schema={bundleWrite}
        fields={FIELDS}
        original={headerOf(bundle)}
        labels={Object.fromEntries(FIELDS.map((f) => [f, t(`fields.${f}`)]))}
        formatValue={formatValue}
        onSave={(changes) => update.mutateAsync(changes)}
        reread={async () => headerOf(await readAfresh('bundle', bundle.id))}
        href={`/bundles/${bundle.id}`}
        record={{ type: 'bundles', id: bundle.id }}
      >
        <BundleHeaderFields categories={categories} precisionEmpty={t('precisionOption', { digits: 0 })} />
      </RecordEditForm>
    </QueryGate>
  );
}

export function BundleEditPage({ id }: { id: number }) {
  return <RecordEditPage namespace="bundles" id={id} form={(b) => <BundleEditForm bundle={b} />} />;
}
