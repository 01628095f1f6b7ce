'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { bulkFields } from '@/components/bulk-edit/bulk-edit';
import { useListBulkEdit } from '@/components/bulk-edit/use-bulk-edit';
import type { FilterFields } from '@/components/data-table/filter-bar';
import { idColumn, codeLinkColumn, statusColumn, type ListColumn } from '@/components/data-table/list-columns';
import { nameColumn, referenceColumns } from '@/components/data-table/record-columns';
import { RecordList } from '@/components/data-table/record-list';
import { codeAndNameFilters, idChoiceFilter, updatedSinceFilter } from '@/components/data-table/record-filters';
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
      nameColumn(t('fields.name')),
      { id: 'shortName', label: t('fields.shortName'), value: (c) => c.shortName, truncate: true, priority: 2 },
      // Who looks a company up on a phone wants to call it, or its salesperson: the card's two figures.
      { id: 'cellPhone', label: t('fields.cellPhone'), value: (c) => c.cellPhone, card: 'figure' },
      { id: 'shippingAddress', label: t('fields.shippingAddress'), value: (c) => c.shippingAddress, truncate: true },
      ...referenceColumns<Company>(
        'internalUserId',
        t('fields.internalUserId'),
        (c) => c.internalUserId,
        (c) => salespersonName(c.internalUserId),
      ),
      statusColumn(t('fields.status')),
    ],
    [t, salespersonName],
  );

  const bulk = useListBulkEdit(
    'companies',
    bulkFields<Company>(t, 'companies', 'id', ['name', 'shortName', 'cellPhone', 'shippingAddress', 'internalUserId']),
  );

  const filterFields: FilterFields<'companies'> = {
    ...codeAndNameFilters(t),
    internalUserId: idChoiceFilter(t('fields.internalUserId'), t('filters.anySalesperson'), salespeople),
    updatedSince: updatedSinceFilter(t),
  };

  return (
    <RecordList list="companies" namespace="companies" columns={columns} filterFields={filterFields} bulk={bulk} />
  );
}
