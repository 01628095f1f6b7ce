'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useCurrentUser } from '@/components/layout/current-user';
import { DetailList } from '@/components/record/detail-list';
import { QueryState } from '@/components/record/query-state';
import { RecordHeader } from '@/components/record/record-header';
import { StatusBadge } from '@/components/record/status-badge';
import { Button, Card, CardContent, CardHeader, CardTitle } from '@/components/ui';
import { useComponentStocks } from '@/lib/client/bundles/component-stock';
import { categoryPath } from '@/lib/client/product-categories/category-groups';
import { useProductCategories } from '@/lib/client/product-categories/get-product-categories';
import { BUNDLE_STATUS } from '@/lib/contract/bundles';
import { can } from '@/lib/contract/roles';
import { BundleAvailability } from './bundle-availability';
import { BundlePricePanel } from './bundle-price-panel';
import { RecipeEditor } from './recipe-editor';
import { HistoryPanel } from '@/components/record/history-panel';
import { bundleKeys } from '@/lib/client/query-keys';
import { useRecord } from '@/lib/client/queries';


export function BundleDetail({ id }: { id: number }) {
  const t = useTranslations('bundles');
  const tr = useTranslations('records');
  const user = useCurrentUser();
  const bundle = useRecord('bundle', id);
  const b = bundle.data;
  const stocks = useComponentStocks(b?.components.map((c) => c.componentSkuId) ?? []);
  const categories = useProductCategories();
  const editable = can(user.role, 'editMasterData');
  const [editing, setEditing] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const statusLabels = Object.fromEntries(BUNDLE_STATUS.map((s) => [s, tr(`status.${s}`)]));

  // The service's figure and the component stock are read again together, so the comparison is fair.
  const refresh = async () => {
    setRefreshing(true);
    try {
      await Promise.all([bundle.refetch(), stocks.refetch()]);
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div className="space-y-6">
      <RecordHeader
        list={{ href: '/bundles', label: t('title') }}
        title={`${t('bundle')} ${b ? b.name || b.outerSysCode || `#${b.id}` : `#${id}`}`}
        editHref={b && editable ? `/bundles/${id}/edit` : null}
      />
      <QueryState isPending={bundle.isPending} error={bundle.error} onRetry={() => void bundle.refetch()} notFound={t('notFound')} />
      {b ? (
        <>
          <Card aria-labelledby="bundle-details">
            <CardHeader>
              <CardTitle id="bundle-details">{t('details')}</CardTitle>
            </CardHeader>
            <CardContent>
              <DetailList
                emptyText={tr('notSet')}
                items={[
                  { label: t('fields.id'), value: b.id },
                  { label: t('fields.skuId'), value: b.skuId },
                  { label: t('fields.outerSysCode'), value: b.outerSysCode },
                  { label: t('fields.name'), value: b.name },
                  { label: t('fields.status'), value: <StatusBadge status={b.status} labels={statusLabels} /> },
                  {
                    label: t('fields.productCategoryId'),
                    value: categoryPath(b.productCategoryId, categories.data ?? []) ?? `#${b.productCategoryId}`,
                  },
                  { label: t('fields.unit'), value: b.unit },
                  { label: t('fields.spec'), value: b.spec },
                  { label: t('fields.barcode'), value: b.barcode },
                  { label: t('fields.warehouse'), value: b.warehouse },
                  { label: t('fields.quantityPrecision'), value: t('precisionOption', { digits: b.quantityPrecision }) },
                ]}
              />
            </CardContent>
          </Card>
          <BundlePricePanel bundleId={b.id} editable={editable} />
          <BundleAvailability bundle={b} stocks={stocks} readAt={bundle.dataUpdatedAt} refreshing={refreshing} onRefresh={() => void refresh()} />
          {editable ? (
            editing ? (
              <RecipeEditor bundle={b} onClose={() => setEditing(false)} />
            ) : (
              <Button variant="secondary" onClick={() => setEditing(true)}>
                {t('recipe.edit')}
              </Button>
            )
          ) : null}
        </>
      ) : null}
      <HistoryPanel type="bundles" id={id} detailKey={bundleKeys.detail(id)} fieldLabel={(field) => (t.has(`fields.${field}`) ? t(`fields.${field}`) : field)} />
    </div>
  );
}
