'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useCurrentUser } from '@/components/session/current-user';
import { RecordDetails } from '@/components/record/record-details';
import { QueryState } from '@/components/record/query-state';
import { RecordPage } from '@/components/record/record-page';
import { StatusBadge } from '@/components/record/status-badge';
import { LinkButton, TitledCard } from '@/components/ui';
import { can } from '@/lib/contract/roles';
import { useCategories } from '@/components/record/use-categories';
import { useList, useRecord } from '@/lib/client/queries';
import { Table, TBody, Td, THead, Tr } from '@/components/ui/table';

const link = 'text-blue-700 underline underline-offset-2 dark:text-blue-400';
const INLINE_SKUS = 20;

export function ProductDetail({ id }: { id: number }) {
  const t = useTranslations('products');
  const tr = useTranslations('records');
  const user = useCurrentUser();
  const product = useRecord('product', id);
  const categories = useCategories();
  const editable = can(user.role, 'editMasterData');

  return (
    <RecordPage
      namespace="products"
      kind="product"
      id={id}
      read={product}
      editable={editable}
      valueLabel={(field, value) =>
        field === 'productCategoryId' && typeof value === 'number' ? categories.pathOf(value) : null
      }
    >
      {(p) => (
        <>
          <RecordDetails
            namespace="products"
            record={p}
            fields={[
              'id',
              'outerSysCode',
              'name',
              {
                field: 'productCategoryId',
                value:
                  p.productCategoryId == null ? null : (
                    <span className="flex flex-wrap gap-x-3">
                      <span>{categories.query.isPending ? tr('loading') : categories.pathOf(p.productCategoryId)}</span>
                      <Link href={`/products?productCategoryId=${p.productCategoryId}`} className={link}>
                        {t('productsInCategory')}
                      </Link>
                    </span>
                  ),
              },
              { field: 'status', value: <StatusBadge status={p.status} /> },
            ]}
          />
          <ProductSkus productId={p.id} editable={editable} />
        </>
      )}
    </RecordPage>
  );
}

function ProductSkus({ productId, editable }: { productId: number; editable: boolean }) {
  const t = useTranslations('products');
  const ts = useTranslations('skus');
  const format = useFormatter();
  const skus = useList('skus', { filters: { productId }, page: 1, pageSize: INLINE_SKUS });
  const rows = skus.data?.data ?? [];
  return (
    <TitledCard
      id="product-skus"
      title={t('skus')}
      contentClassName="space-y-3"
      action={
        editable ? (
          <LinkButton href={`/skus/new?productId=${productId}`} size="sm">
            {t('addSku')}
          </LinkButton>
        ) : null
      }
    >
      <QueryState query={skus} notFound="" lines={3} />
      {skus.data && rows.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('skusEmpty')}</p>
      ) : null}
      {rows.length > 0 ? (
        <Table variant="plain" caption={t('skus')}>
          <THead
            columns={[
              ts('fields.outerSysCode'),
              ts('fields.name'),
              { label: ts('fields.sellPrice'), className: 'text-right' },
              { label: ts('fields.inventoryQty'), className: 'text-right' },
            ]}
          />
          <TBody>
            {rows.map((s) => (
              <Tr key={s.id}>
                <Td>
                  <Link href={`/skus/${s.id}`} className={link}>
                    {s.outerSysCode || `#${s.id}`}
                  </Link>
                </Td>
                <Td>{s.name}</Td>
                <Td numeric>{format.number(s.sellPrice, { maximumFractionDigits: 4 })}</Td>
                <Td numeric>{format.number(s.inventoryQty, { maximumFractionDigits: 4 })}</Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      ) : null}
      {skus.data && skus.data.totalCount > 0 ? (
        <p className="text-sm">
          <Link href={`/skus?productId=${productId}`} className={link}>
            {t('allSkus', { count: skus.data.totalCount })}
          </Link>
        </p>
      ) : null}
    </TitledCard>
  );
}
