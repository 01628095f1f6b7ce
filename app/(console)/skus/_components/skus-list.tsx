'use client';

import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { BulkEdit, type BulkField } from '@/components/bulk-edit/bulk-edit';
import { useBulkSelection, useListFilters } from '@/components/bulk-edit/use-bulk-selection';
import type { ColumnMeta } from '@/components/data-table/data-table';
import type { FilterFields } from '@/components/data-table/filter-bar';
import { ListView } from '@/components/data-table/list-view';
import { RecordSearch } from '@/components/form/record-search';
import { useCurrentUser } from '@/components/layout/current-user';
import { StatusBadge } from '@/components/record/status-badge';
import { LinkButton } from '@/components/ui';
import { parseRecordId } from '@/components/record/parse-id';
import { productSource } from '@/lib/client/pickers';
import { useProduct } from '@/lib/client/products/get-product';
import { skuKeys } from '@/lib/client/query-keys';
import { getAllSkus, getSkus } from '@/lib/client/skus/get-skus';
import { STATUS } from '@/lib/contract/resources';
import type { Sku } from '@/lib/contract/resources';
import { can } from '@/lib/contract/roles';
import type { CsvColumn } from '@/lib/csv/export';
import { ProductLink } from './product-link';
import { useMoney } from '@/lib/i18n/use-money';

export function SkusList() {
  const t = useTranslations('skus');
  const tr = useTranslations('records');
  const format = useFormatter();
  const money = useMoney();
  const user = useCurrentUser();
  // Name the product a productId filter points at, so a typed id can be checked at a glance.
  const searchParams = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const tf = useTranslations('find');
  const filteredProductId = parseRecordId(searchParams.get('productId') ?? '');
  const filteredProduct = useProduct(filteredProductId);
  const statusLabels = useMemo(() => Object.fromEntries(STATUS.sku.map((s) => [s, tr(`status.${s}`)])), [tr]);

  const columns = useMemo<ColumnDef<Sku>[]>(() => {
    const text = (key: 'name' | 'barcode' | 'warehouse' | 'unit' | 'spec'): ColumnDef<Sku> => ({
      id: key,
      accessorKey: key,
      header: t(`fields.${key}`),
      meta: { label: t(`fields.${key}`), truncate: key === 'name' || key === 'spec' } satisfies ColumnMeta,
    });
    const num = (key: 'price' | 'sellPrice' | 'inventoryQty' | 'quantityPrecision'): ColumnDef<Sku> => ({
      id: key,
      header: t(`fields.${key}`),
      meta: { label: t(`fields.${key}`), numeric: true } satisfies ColumnMeta,
      cell: ({ row }) => (key === 'price' || key === 'sellPrice' ? money(row.original[key]) : format.number(row.original[key], { maximumFractionDigits: 4 })),
    });
    return [
      {
        id: 'outerSysCode',
        header: t('fields.outerSysCode'),
        meta: { label: t('fields.outerSysCode') },
        enableHiding: false,
        cell: ({ row }) => (
          <Link href={`/skus/${row.original.id}`} className="font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-400">
            {row.original.outerSysCode || `#${row.original.id}`}
          </Link>
        ),
      },
      text('name'),
      { id: 'productId', header: t('fields.productId'), meta: { label: t('fields.productId'), truncate: true }, cell: ({ row }) => <ProductLink id={row.original.productId} /> },
      text('barcode'),
      text('warehouse'),
      text('unit'),
      text('spec'),
      num('price'),
      num('sellPrice'),
      num('inventoryQty'),
      num('quantityPrecision'),
      {
        id: 'status',
        header: t('fields.status'),
        meta: { label: t('fields.status') },
        cell: ({ row }) => <StatusBadge status={row.original.status} labels={statusLabels} />,
      },
    ];
  }, [t, format, money, statusLabels]);

  // Bulk edit (issue 15): stewards and admins tick rows, or take every row matching the filters.
  const bulk = useBulkSelection<Sku>(can(user.role, 'runImports'));
  const listFilters = useListFilters('skus');
  const bulkFields: BulkField<Sku>[] = [
    ...(['name', 'unit', 'spec', 'warehouse', 'barcode'] as const).map((name) => ({ name, label: t(`fields.${name}`), family: 'skus' as const, idField: 'id' as const, current: (s: Sku) => s[name] })),
    ...(['price', 'sellPrice'] as const).map((name) => ({ name, label: t(`fields.${name}`), family: 'prices' as const, idField: 'skuId' as const, current: (s: Sku) => s[name] })),
    { name: 'inventoryQty', label: t('fields.inventoryQty'), family: 'stock', idField: 'skuId', current: (s) => s.inventoryQty },
  ];

  const csvColumns: CsvColumn<Sku>[] = [
    { header: t('fields.id'), value: (s) => s.id },
    { header: `${t('fields.productId')} id`, value: (s) => s.productId },
    { header: t('fields.outerSysCode'), value: (s) => s.outerSysCode },
    { header: t('fields.name'), value: (s) => s.name },
    { header: t('fields.barcode'), value: (s) => s.barcode },
    { header: t('fields.warehouse'), value: (s) => s.warehouse },
    { header: t('fields.unit'), value: (s) => s.unit },
    { header: t('fields.spec'), value: (s) => s.spec },
    { header: t('fields.price'), value: (s) => s.price },
    { header: t('fields.sellPrice'), value: (s) => s.sellPrice },
    { header: t('fields.quantityPrecision'), value: (s) => s.quantityPrecision },
    { header: t('fields.inventoryQty'), value: (s) => s.inventoryQty },
    { header: t('fields.status'), value: (s) => s.status },
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
    <>
      <details className="max-w-xl text-sm">
        <summary className="cursor-pointer font-medium">{tf('filterByProduct')}</summary>
        <div className="mt-2">
          <RecordSearch label={tf('lookUp')} action="choose" source={productSource} messages="find.productSearch" onPick={(p) => filterByProduct(p.id)} />
        </div>
      </details>
      <ListView
        list="skus"
        tableId="skus"
        userId={user.id}
        caption={t('title')}
        queryKey={skuKeys.list}
        getPage={getSkus}
        columns={bulk.withSelection(columns)}
        filterFields={filterFields}
        fetchAll={getAllSkus}
        csvColumns={csvColumns}
        csvFileBase="skus"
        actions={
          <>
            {bulk.enabled ? (
              <BulkEdit fields={bulkFields} selected={bulk.selected} onClear={bulk.clear} fetchAllMatching={() => getAllSkus(listFilters)} />
            ) : null}
            {can(user.role, 'editMasterData') ? (
            <LinkButton href="/skus/new" size="sm" variant="primary">
              {t('new')}
            </LinkButton>
          ) : null}
          </>
        }
      />
    </>
  );
}
