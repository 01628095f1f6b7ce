'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { BulkEdit, type BulkField } from '@/components/bulk-edit/bulk-edit';
import { useBulkSelection, useListFilters } from '@/components/bulk-edit/use-bulk-selection';
import type { FilterFields } from '@/components/data-table/filter-bar';
import { recordLinkColumn, type ListColumn } from '@/components/data-table/list-columns';
import { ListView } from '@/components/data-table/list-view';
import { RecordSearch } from '@/components/form/record-search';
import { useCurrentUser } from '@/components/layout/current-user';
import { StatusBadge } from '@/components/record/status-badge';
import { LinkButton } from '@/components/ui';
import { parseRecordId } from '@/components/record/parse-id';
import { productSource } from '@/lib/client/pickers';
import { STATUS } from '@/lib/contract/values';
import type { Sku } from '@/lib/contract/resources';
import { fetchAllPages } from '@/lib/client/lists';
import { can } from '@/lib/contract/roles';
import { ProductLink } from './product-link';
import { useMoney, useQuantity } from '@/lib/i18n/use-money';
import { useRecord } from '@/lib/client/queries';

export function SkusList() {
  const t = useTranslations('skus');
  const tr = useTranslations('records');
  const format = useFormatter();
  const money = useMoney();
  const quantity = useQuantity();
  const user = useCurrentUser();
  // Name the product a productId filter points at, so a typed id can be checked at a glance.
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const tf = useTranslations('find');
  const filteredProductId = parseRecordId(searchParams.get('productId') ?? '');
  const filteredProduct = useRecord('product', filteredProductId);
  const statusLabels = useMemo(() => Object.fromEntries(STATUS.sku.map((s) => [s, tr(`status.${s}`)])), [tr]);

  const columns = useMemo<ListColumn<Sku>[]>(() => {
    const text = (key: 'name' | 'barcode' | 'warehouse' | 'unit' | 'spec'): ListColumn<Sku> => ({
      id: key,
      label: t(`fields.${key}`),
      value: (s) => s[key],
      truncate: key === 'name' || key === 'spec',
    });
    const num = (key: 'price' | 'sellPrice' | 'inventoryQty' | 'quantityPrecision'): ListColumn<Sku> => ({
      id: key,
      label: t(`fields.${key}`),
      value: (s) => s[key],
      numeric: true,
      money: key === 'price' || key === 'sellPrice',
      cell: (s) =>
        key === 'price' || key === 'sellPrice' ? money(s[key]) : key === 'inventoryQty' ? quantity(s[key], s.quantityPrecision) : format.number(s[key]),
    });
    return [
      { id: 'id', label: t('fields.id'), value: (s) => s.id, only: 'csv' },
      { id: 'productIdNumber', label: `${t('fields.productId')} id`, value: (s) => s.productId, only: 'csv' },
      recordLinkColumn({ id: 'outerSysCode', label: t('fields.outerSysCode'), code: (s) => s.outerSysCode, href: (s) => `/skus/${s.id}` }),
      text('name'),
      // What a steward works with first (issue 27): price, stock and status before the reference fields.
      num('sellPrice'),
      num('inventoryQty'),
      { id: 'status', label: t('fields.status'), value: (s) => s.status, cell: (s) => <StatusBadge status={s.status} labels={statusLabels} /> },
      // Each row reads its product's name: the table only (the CSV has the id above).
      { id: 'productId', label: t('fields.productId'), value: (s) => s.productId, truncate: true, cell: (s) => <ProductLink id={s.productId} />, only: 'table' },
      text('barcode'),
      text('warehouse'),
      text('unit'),
      text('spec'),
      num('price'),
      num('quantityPrecision'),
    ];
  }, [t, format, money, quantity, statusLabels]);

  // Bulk edit (issue 15): stewards and admins tick rows, or take every row matching the filters.
  const bulk = useBulkSelection<Sku>(can(user.role, 'runImports'));
  const listFilters = useListFilters('skus');
  const bulkFields: BulkField<Sku>[] = [
    ...(['name', 'unit', 'spec', 'warehouse', 'barcode'] as const).map((name) => ({ name, label: t(`fields.${name}`), family: 'skus' as const, idField: 'id' as const, current: (s: Sku) => s[name] })),
    ...(['price', 'sellPrice'] as const).map((name) => ({ name, label: t(`fields.${name}`), family: 'prices' as const, idField: 'skuId' as const, current: (s: Sku) => s[name] })),
    { name: 'inventoryQty', label: t('fields.inventoryQty'), family: 'stock', idField: 'skuId', current: (s) => s.inventoryQty },
  ];

  const filterFields: FilterFields<'skus'> = {
    outerSysCode: { type: 'text', label: t('filters.code') },
    name: { type: 'text', label: t('filters.name') },
    productId: {
      type: 'id',
      label: t('filters.productId'),
      description:
        filteredProductId === null
          ? undefined
          : filteredProduct.data
            ? t('productIs', { name: filteredProduct.data.name || filteredProduct.data.outerSysCode || `#${filteredProductId}` })
            : filteredProduct.isPending
              ? t('productLookup')
              : t('productMissing'),
    },
    barcode: { type: 'text', label: t('filters.barcode'), description: t('filters.barcodeHelp') },
    status: {
      type: 'select',
      label: t('fields.status'),
      anyLabel: t('filters.anyStatus'),
      options: STATUS.sku.map((s) => ({ value: s, label: statusLabels[s] ?? s })),
    },
    updatedSince: { type: 'datetime', label: t('fields.updatedSince') },
  };

  // The product filter takes an id; this finds the product by code or name and sets it (first page again).
  const filterByProduct = (productId: number) => {
    const next = new URLSearchParams(searchParams.toString());
    next.set('productId', String(productId));
    next.delete('page');
    router.push(`${pathname}?${next.toString()}`);
  };

  return (
      <ListView
        list="skus"
        tableId="skus"
        userId={user.id}
        caption={t('title')}
        columns={columns}
      withSelection={bulk.withSelection}
        filterFields={filterFields}
        filterExtra={
          <details className="max-w-xl text-sm">
            <summary className="cursor-pointer font-medium">{tf('filterByProduct')}</summary>
            <div className="mt-2">
              <RecordSearch label={tf('lookUp')} action="choose" source={productSource} messages="find.productSearch" onPick={(p) => filterByProduct(p.id)} />
            </div>
          </details>
        }
        csvFileBase="skus"
        actions={
          <>
            {bulk.enabled ? (
              <BulkEdit fields={bulkFields} selected={bulk.selected} onClear={bulk.clear} fetchAllMatching={() => fetchAllPages('skus', listFilters)} />
            ) : null}
            {can(user.role, 'editMasterData') ? (
            <LinkButton href="/skus/new" size="sm" variant="primary">
              {t('new')}
            </LinkButton>
          ) : null}
          </>
        }
      />
  );
}
