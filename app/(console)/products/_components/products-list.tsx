'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { bulkFields } from '@/components/bulk-edit/bulk-edit';
import { useBulkEdit } from '@/components/bulk-edit/use-bulk-edit';
import { useListFilters } from '@/components/bulk-edit/use-bulk-selection';
import type { FilterFields } from '@/components/data-table/filter-bar';
import { idColumn, codeLinkColumn, statusColumn, type ListColumn } from '@/components/data-table/list-columns';
import { RecordList } from '@/components/data-table/record-list';
import { useStatusOptions } from '@/components/record/status-badge';
import { useCategories } from '@/components/record/use-categories';
import { fetchAllPages } from '@/lib/client/lists';
import type { Product } from '@/lib/contract/resources';
import { STATUS } from '@/lib/contract/values';

export function ProductsList() {
  const t = useTranslations('products');
  const categories = useCategories();
  const statusOptions = useStatusOptions(STATUS.product);

  const columns = useMemo<ListColumn<Product>[]>(
    () => [
      idColumn(t('fields.id')),
      codeLinkColumn(t('fields.outerSysCode'), '/products'),
      { id: 'name', label: t('fields.name'), value: (p) => p.name, truncate: true, card: 'subtitle' },
      {
        id: 'productCategoryIdNumber',
        label: `${t('fields.productCategoryId')} id`,
        value: (p) => p.productCategoryId,
        only: 'csv',
      },
      {
        id: 'productCategoryId',
        label: t('fields.productCategoryId'),
        value: (p) => categories.pathOf(p.productCategoryId),
        truncate: true,
        card: 'figure',
      },
      statusColumn(t('fields.status')),
    ],
    [t, categories],
  );

  const listFilters = useListFilters('products');
  const bulk = useBulkEdit(bulkFields<Product>(t, 'products', 'id', ['name', 'productCategoryId']), () =>
    fetchAllPages('products', listFilters),
  );

  const filterFields: FilterFields<'products'> = {
    outerSysCode: { type: 'text', label: t('filters.code') },
    name: { type: 'text', label: t('filters.name'), searchCovers: true },
    productCategoryId: {
      type: 'select',
      ids: true,
      label: t('fields.productCategoryId'),
      anyLabel: t('filters.anyCategory'),
      options: [],
      groups: categories.groups.map((g) => ({
        label: g.label,
        options: g.options.map((o) => ({ value: String(o.value), label: o.label })),
      })),
    },
    status: { type: 'select', label: t('fields.status'), anyLabel: t('filters.anyStatus'), options: statusOptions },
    updatedSince: { type: 'datetime', label: t('fields.updatedSince') },
  };

  return <RecordList list="products" namespace="products" columns={columns} filterFields={filterFields} bulk={bulk} />;
}
