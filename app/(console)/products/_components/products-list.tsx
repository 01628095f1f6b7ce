'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { bulkFields } from '@/components/bulk-edit/bulk-edit';
import { useListBulkEdit } from '@/components/bulk-edit/use-bulk-edit';
import type { FilterFields } from '@/components/data-table/filter-bar';
import { idColumn, codeLinkColumn, statusColumn, type ListColumn } from '@/components/data-table/list-columns';
import { nameColumn, referenceColumns } from '@/components/data-table/record-columns';
import { RecordList } from '@/components/data-table/record-list';
import {
  codeAndNameFilters,
  idChoiceFilter,
  statusFilter,
  updatedSinceFilter,
} from '@/components/data-table/record-filters';
import { useStatusOptions } from '@/components/record/status-badge';
import { useCategories } from '@/components/record/use-categories';
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
      nameColumn(t('fields.name')),
      ...referenceColumns<Product>(
        'productCategoryId',
        t('fields.productCategoryId'),
        (p) => p.productCategoryId,
        (p) => categories.pathOf(p.productCategoryId),
        true,
      ),
      statusColumn(t('fields.status')),
    ],
    [t, categories],
  );

  const bulk = useListBulkEdit('products', bulkFields<Product>(t, 'products', 'id', ['name', 'productCategoryId']));

  const filterFields: FilterFields<'products'> = {
    ...codeAndNameFilters(t),
    productCategoryId: idChoiceFilter(t('fields.productCategoryId'), t('filters.anyCategory'), categories),
    status: statusFilter(t, statusOptions),
    updatedSince: updatedSinceFilter(t),
  };

  return <RecordList list="products" namespace="products" columns={columns} filterFields={filterFields} bulk={bulk} />;
}
