'use client';

import { useTranslations } from 'next-intl';
import { QueryState } from '@/components/record/query-state';
import { recordLabel, RecordFormPage } from '@/components/record/record-form-page';
import { SkuForm } from './sku-form';
import { useRecord } from '@/lib/client/queries';

export function SkuEditPage({ id }: { id: number }) {
  const t = useTranslations('skus');
  const sku = useRecord('sku', id);
  const s = sku.data;
  return (
    <RecordFormPage back={{ href: `/skus/${id}`, label: recordLabel(s, id) }} title={t('editTitle')}>
      <QueryState isPending={sku.isPending} error={sku.error} onRetry={() => void sku.refetch()} notFound={t('notFound')} />
      {s ? <SkuForm key={s.id} sku={s} /> : null}
    </RecordFormPage>
  );
}

export function NewSkuPage({ initialProductId }: { initialProductId?: number }) {
  const t = useTranslations('skus');
  const product = useRecord('product', initialProductId);
  const back = initialProductId
    ? { href: `/products/${initialProductId}`, label: recordLabel(product.data, initialProductId) }
    : { href: '/skus', label: t('title') };
  return (
    <RecordFormPage back={back} title={t('newTitle')}>
      <SkuForm initialProductId={initialProductId} />
    </RecordFormPage>
  );
}
