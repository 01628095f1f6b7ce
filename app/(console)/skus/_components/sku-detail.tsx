'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useCurrentUser } from '@/components/session/current-user';
import { RecordDetails } from '@/components/record/record-details';
import { RecordPage } from '@/components/record/record-page';
import { StatusBadge } from '@/components/record/status-badge';
import { categoryPath } from '@/lib/client/product-categories/category-groups';
import { useProductCategories } from '@/lib/client/product-categories/get-product-categories';
import { can } from '@/lib/contract/roles';
import { SkuBundlesPanel } from './sku-bundles-panel';
import { SkuPricePanel } from './sku-price-panel';
import { SkuStockPanel } from './sku-stock-panel';
import { useRecord } from '@/lib/client/queries';

const link = 'text-blue-700 underline underline-offset-2 dark:text-blue-400';

export function SkuDetail({ id }: { id: number }) {
  const t = useTranslations('skus');
  const user = useCurrentUser();
  const sku = useRecord('sku', id);
  const s = sku.data;
  const product = useRecord('product', s?.productId);
  const categories = useProductCategories();
  const editable = can(user.role, 'editMasterData');
  const p = product.data;
  const categoryId = p?.productCategoryId ?? null;

  return (
    <RecordPage namespace="skus" kind="sku" id={id} read={sku} editable={editable}>
      {(s) => (
        <>
          <RecordDetails
            namespace="skus"
            record={s}
            fields={[
              'id',
              'outerSysCode',
              'name',
              {
                field: 'productId',
                value: (
                  <Link href={`/products/${s.productId}`} className={link}>
                    {p ? p.name || p.outerSysCode || `#${s.productId}` : `#${s.productId}`}
                  </Link>
                ),
              },
              {
                field: 'productCategory',
                label: t('productCategory'),
                value:
                  categoryId == null ? null : (
                    <Link href={`/products?productCategoryId=${categoryId}`} className={link}>
                      {categoryPath(categoryId, categories.data ?? []) ?? `#${categoryId}`}
                    </Link>
                  ),
              },
              'barcode',
              'warehouse',
              'unit',
              'spec',
              { field: 'quantityPrecision', value: t('precisionOption', { digits: s.quantityPrecision }) },
              { field: 'status', value: <StatusBadge status={s.status} /> },
            ]}
          />
          <div className="grid gap-6 lg:grid-cols-2">
            <SkuStockPanel skuId={s.id} quantityPrecision={s.quantityPrecision} editable={editable} />
            <SkuPricePanel skuId={s.id} editable={editable} />
          </div>
          <SkuBundlesPanel skuId={s.id} />
        </>
      )}
    </RecordPage>
  );
}
