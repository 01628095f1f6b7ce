'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { BulkEdit, type BulkField } from '@/components/bulk-edit/bulk-edit';
import { useBulkSelection, useListFilters } from '@/components/bulk-edit/use-bulk-selection';
import type { FilterFields } from '@/components/data-table/filter-bar';
import { recordLinkColumn, type ListColumn } from '@/components/data-table/list-columns';
import { ListView } from '@/components/data-table/list-view';
import { useCurrentUser } from '@/components/layout/current-user';
import { StatusBadge } from '@/components/record/status-badge';
import { LinkButton } from '@/components/ui';
import { STATUS } from '@/lib/contract/values';
import type { Product } from '@/lib/contract/resources';
import { fetchAllPages } from '@/lib/client/lists';
import { can } from '@/lib/contract/roles';
import { useCategories } from '@/components/record/use-categories';

export function ProductsList() {
  const t = useTranslations('products');
  const tr = useTranslations('records');
  const user = useCurrentUser();
  const categories = useCategories();
  const statusLabels = useMemo(() => Object.fromEntries(STATUS.product.map((s) => [s, tr(`status.${s}`)])), [tr]);

  const columns = useMemo<ListColumn<Product>[]>(
    () => [
      { id: 'id', label: t('fields.id'), value: (p) => p.id, only: 'csv' },
      recordLinkColumn({ id: 'outerSysCode', label: t('fields.outerSysCode'), code: (p) => p.outerSysCode, href: (p) => `/products/${p.id}` }),
      { id: 'name', label: t('fields.name'), value: (p) => p.name, truncate: true },
      { id: 'productCategoryIdNumber', label: `${t('fields.productCategoryId')} id`, value: (p) => p.productCategoryId, only: 'csv' },
      { id: 'productCategoryId', label: t('fields.productCategoryId'), value: (p) => categories.pathOf(p.productCategoryId), truncate: true },
      { id: 'status', label: t('fields.status'), value: (p) => p.status, cell: (p) => <StatusBadge status={p.status} labels={statusLabels} /> },
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
      columns={columns}
      withSelection={bulk.withSelection}
      filterFields={filterFields}
      csvFileBase="products"
      actions={
        <>
          {bulk.enabled ? (
            <BulkEdit fields={bulkFields} selected={bulk.selected} onClear={bulk.clear} fetchAllMatching={() => fetchAllPages('products', listFilters)} />
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
