'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { bulkFields } from '@/components/bulk-edit/bulk-edit';
import { useBulkEdit } from '@/components/bulk-edit/use-bulk-edit';
import { useListFilters } from '@/components/bulk-edit/use-bulk-selection';
import type { FilterFields } from '@/components/data-table/filter-bar';
import { idColumn, codeLinkColumn, statusColumn, type ListColumn } from '@/components/data-table/list-columns';
import { RecordList } from '@/components/data-table/record-list';
import { fetchAllPages } from '@/lib/client/lists';
import type { Company } from '@/lib/contract/resources';
import { useSalespeople } from '@/components/record/use-salespeople';

export function CompaniesList() {
  const t = useTranslations('companies');
  const salespeople = useSalespeople();
  const salespersonName = salespeople.nameOf;

  const columns = useMemo<ListColumn<Company>[]>(
    () => [
      idColumn(t('fields.id')),
      codeLinkColumn(t('fields.outerSysCode'), '/companies'),
      { id: 'name', label: t('fields.name'), value: (c) => c.name, truncate: true, card: 'subtitle' },
      { id: 'shortName', label: t('fields.shortName'), value: (c) => c.shortName, truncate: true, priority: 2 },
      // Who looks a company up on a phone wants to call it, or its salesperson: the card's two figures.
      { id: 'cellPhone', label: t('fields.cellPhone'), value: (c) => c.cellPhone, card: 'figure' },
      { id: 'shippingAddress', label: t('fields.shippingAddress'), value: (c) => c.shippingAddress, truncate: true },
      {
        id: 'internalUserIdNumber',
        label: `${t('fields.internalUserId')} id`,
        value: (c) => c.internalUserId,
        only: 'csv',
      },
      {
        id: 'internalUserId',
        label: t('fields.internalUserId'),
        value: (c) => salespersonName(c.internalUserId),
        card: 'figure',
      },
      statusColumn(t('fields.status')),
    ],
    [t, salespersonName],
  );

  const listFilters = useListFilters('companies');
  const bulk = useBulkEdit(
    bulkFields<Company>(t, 'companies', 'id', ['name', 'shortName', 'cellPhone', 'shippingAddress', 'internalUserId']),
    () => fetchAllPages('companies', listFilters),
  );

  const filterFields: FilterFields<'companies'> = {
    outerSysCode: { type: 'text', label: t('filters.code') },
    name: { type: 'text', label: t('filters.name'), searchCovers: true },
    internalUserId: {
      type: 'select',
      ids: true,
      label: t('fields.internalUserId'),
      anyLabel: t('filters.anySalesperson'),
      options: salespeople.options.map((o) => ({ value: String(o.value), label: o.label })),
    },
    updatedSince: { type: 'datetime', label: t('fields.updatedSince') },
  };

  return (
    <RecordList list="companies" namespace="companies" columns={columns} filterFields={filterFields} bulk={bulk} />
  );
}
