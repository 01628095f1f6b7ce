'use client';

import { useTranslations } from 'next-intl';
import { QueryState } from '@/components/record/query-state';
import { recordLabel, RecordFormPage } from '@/components/record/record-form-page';
import { ProductForm } from './product-form';
import { useRecord } from '@/lib/client/queries';

export function ProductEditPage({ id }: { id: number }) {
  const t = useTranslations('products');
  const product = useRecord('product', id);
  const p = product.data;
  return (
    <RecordFormPage back={{ href: `/products/${id}`, label: recordLabel(p, id) }} title={t('editTitle')}>
      <QueryState isPending={product.isPending} error={product.error} onRetry={() => void product.refetch()} notFound={t('notFound')} />
      {p ? <ProductForm key={p.id} product={p} /> : null}
    </RecordFormPage>
  );
}

export function NewProductPage({ initialCategoryId }: { initialCategoryId?: number }) {
  const t = useTranslations('products');
  return (
    <RecordFormPage back={{ href: '/products', label: t('title') }} title={t('newTitle')}>
      <ProductForm initialCategoryId={initialCategoryId} />
    </RecordFormPage>
  );
}
