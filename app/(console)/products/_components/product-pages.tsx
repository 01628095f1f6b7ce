'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useCurrentUser } from '@/components/layout/current-user';
import { QueryState } from '@/components/record/query-state';
import { Alert } from '@/components/ui';
import { useProduct } from '@/lib/client/products/get-product';
import { can } from '@/lib/contract/roles';
import { ProductForm } from './product-form';

const link = 'text-blue-700 underline underline-offset-2 dark:text-blue-400';

export function ProductEditPage({ id }: { id: number }) {
  const t = useTranslations('products');
  const tr = useTranslations('records');
  const user = useCurrentUser();
  const product = useProduct(id);
  const p = product.data;
  return (
    <div className="max-w-3xl space-y-6">
      <header>
        <p className="text-sm">
          <Link href={`/products/${id}`} className={link}>
            {p ? p.name || p.outerSysCode || `#${id}` : `#${id}`}
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">{t('editTitle')}</h1>
      </header>
      {!can(user.role, 'editMasterData') ? (
        <Alert tone="info">{tr('readOnly')}</Alert>
      ) : (
        <>
          <QueryState isPending={product.isPending} error={product.error} onRetry={() => void product.refetch()} notFound={t('notFound')} />
          {p ? <ProductForm key={p.id} product={p} /> : null}
        </>
      )}
    </div>
  );
}

export function NewProductPage({ initialCategoryId }: { initialCategoryId?: number }) {
  const t = useTranslations('products');
  const tr = useTranslations('records');
  const user = useCurrentUser();
  return (
    <div className="max-w-3xl space-y-6">
      <header>
        <p className="text-sm">
          <Link href="/products" className={link}>
            {t('title')}
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">{t('newTitle')}</h1>
      </header>
      {can(user.role, 'editMasterData') ? <ProductForm initialCategoryId={initialCategoryId} /> : <Alert tone="info">{tr('readOnly')}</Alert>}
    </div>
  );
}
