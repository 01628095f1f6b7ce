'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useCurrentUser } from '@/components/layout/current-user';
import { QueryState } from '@/components/record/query-state';
import { Alert } from '@/components/ui';
import { useProduct } from '@/lib/client/products/get-product';
import { useSku } from '@/lib/client/skus/get-sku';
import { can } from '@/lib/contract/roles';
import { SkuForm } from './sku-form';

const link = 'text-blue-700 underline underline-offset-2 dark:text-blue-400';

export function SkuEditPage({ id }: { id: number }) {
  const t = useTranslations('skus');
  const tr = useTranslations('records');
  const user = useCurrentUser();
  const sku = useSku(id);
  const s = sku.data;
  return (
    <div className="max-w-3xl space-y-6">
      <header>
        <p className="text-sm">
          <Link href={`/skus/${id}`} className={link}>
            {s ? s.name || s.outerSysCode || `#${id}` : `#${id}`}
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">{t('editTitle')}</h1>
      </header>
      {!can(user.role, 'editMasterData') ? (
        <Alert tone="info">{tr('readOnly')}</Alert>
      ) : (
        <>
          <QueryState isPending={sku.isPending} error={sku.error} onRetry={() => void sku.refetch()} notFound={t('notFound')} />
          {s ? <SkuForm key={s.id} sku={s} /> : null}
        </>
      )}
    </div>
  );
}

export function NewSkuPage({ initialProductId }: { initialProductId?: number }) {
  const t = useTranslations('skus');
  const tr = useTranslations('records');
  const user = useCurrentUser();
  const product = useProduct(initialProductId);
  const p = product.data;
  return (
    <div className="max-w-3xl space-y-6">
      <header>
        <p className="text-sm">
          <Link href={initialProductId ? `/products/${initialProductId}` : '/skus'} className={link}>
            {initialProductId ? (p ? p.name || p.outerSysCode || `#${initialProductId}` : `#${initialProductId}`) : t('title')}
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">{t('newTitle')}</h1>
      </header>
      {can(user.role, 'editMasterData') ? <SkuForm initialProductId={initialProductId} /> : <Alert tone="info">{tr('readOnly')}</Alert>}
    </div>
  );
}
