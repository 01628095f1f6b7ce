'use client';

import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { BulkEdit, type BulkField } from '@/components/bulk-edit/bulk-edit';
import { useBulkSelection, useListFilters } from '@/components/bulk-edit/use-bulk-selection';
import type { ColumnMeta } from '@/components/data-table/data-table';
import type { FilterFields } from '@/components/data-table/filter-bar';
import { ListView } from '@/components/data-table/list-view';
import { useCurrentUser } from '@/components/layout/current-user';
import { StatusBadge } from '@/components/record/status-badge';
import { LinkButton } from '@/components/ui';
import { getAllProducts, getProducts } from '@/lib/client/products/get-products';
import { productKeys } from '@/lib/client/query-keys';
import { STATUS } from '@/lib/contract/resources';
import type { Product } from '@/lib/contract/resources';
import { can } from '@/lib/contract/roles';
import type { CsvColumn } from '@/lib/csv/export';
import { useCategories } from './use-categories';

export function ProductsList() {
  const t = useTranslations('products');
  const tr = useTranslations('records');
  const user = useCurrentUser();
  const categories = useCategories();
  const statusLabels = useMemo(() => Object.fromEntries(STATUS.product.map((s) => [s, tr(`status.${s}`)])), [tr]);

  const columns = useMemo<ColumnDef<Product>[]>(
    () => [
      {
        id: 'outerSysCode',
        header: t('fields.outerSysCode'),
        meta: { label: t('fields.outerSysCode') } satisfies ColumnMeta,
        enableHiding: false,
        cell: ({ row }) => (
          <Link href={`/products/${row.original.id}`} className="font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-400">
            {row.original.outerSysCode || `#${row.original.id}`}
          </Link>
        ),
      },
      { id: 'name', accessorKey: 'name', header: t('fields.name'), meta: { label: t('fields.name'), truncate: true } },
      {
        id: 'productCategoryId',
        header: t('fields.productCategoryId'),
        meta: { label: t('fields.productCategoryId'), truncate: true },
        cell: ({ row }) => categories.pathOf(row.original.productCategoryId),
      },
      {
        id: 'status',
        header: t('fields.status'),
        meta: { label: t('fields.status') },
        cell: ({ row }) => <StatusBadge status={row.original.status} labels={statusLabels} />,
      },
    ],
    [t, categories, statusLabels],
  );

  // Bulk edit (issue 15): stewards and admins tick rows, or take every row matching the filters.
  const bulk = useBulkSelection<Product>(can(user.role, 'runImports'));
  const listFilters = useListFilters('products');
  const bulkFields: BulkField<Product>[] = (['name', 'productCategoryId'] as const).map((name) => ({
    name,
    label: t(`fields.${name}`),
    family: 'products' as const,
    idField: 'id' as const,
    current: (p: Product) => p[name],
  }));

  const csvColumns: CsvColumn<Product>[] = [
    { header: t('fields.id'), value: (p) => p.id },
    { header: t('fields.outerSysCode'), value: (p) => p.outerSysCode },
    { header: t('fields.name'), value: (p) => p.name },
    { header: `${t('fields.productCategoryId')} id`, value: (p) => p.productCategoryId },
    { header: t('fields.productCategoryId'), value: (p) => categories.pathOf(p.productCategoryId) },
    { header: t('fields.status'), value: (p) => p.status },
  ];

  const filterFields: FilterFields<'products'> = {
    outerSysCode: { type: 'text', label: t('filters.code') },
    name: { type: 'text', label: t('filters.name') },
    productCategoryId: {
      type: 'select',
      ids: true,
      label: t('fields.productCategoryId'),
      anyLabel: t('filters.anyCategory'),
      options: [],
      groups: categories.groups.map((g) => ({ label: g.label, options: g.options.map((o) => ({ value: String(o.value), label: o.label })) })),
    },
    status: {
      type: 'select',
      label: t('fields.status'),
      anyLabel: t('filters.anyStatus'),
      options: STATUS.product.map((s) => ({ value: s, label: statusLabels[s] ?? s })),
    },
    updatedSince: { type: 'datetime', label: t('fields.updatedSince') },
  };

  return (
    <ListView
      list="products"
      tableId="products"
      userId={user.id}
      caption={t('title')}
      queryKey={productKeys.list}
      getPage={getProducts}
      columns={bulk.withSelection(columns)}
      filterFields={filterFields}
      fetchAll={getAllProducts}
      csvColumns={csvColumns}
      csvFileBase="products"
      actions={
        <>
          {bulk.enabled ? (
            <BulkEdit fields={bulkFields} selected={bulk.selected} onClear={bulk.clear} fetchAllMatching={() => getAllProducts(listFilters)} />
          ) : null}
          {can(user.role, 'editMasterData') ? (
          <LinkButton href="/products/new" size="sm" variant="primary">
            {t('new')}
          </LinkButton>
        ) : null}
        </>
      }
    />
  );
}
