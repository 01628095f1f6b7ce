'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { BulkEdit, type BulkField } from '@/components/bulk-edit/bulk-edit';
import { useBulkSelection, useListFilters } from '@/components/bulk-edit/use-bulk-selection';
import { useCurrentUser } from '@/components/layout/current-user';
import { LinkButton } from '@/components/ui';
import { ListView } from '@/components/data-table/list-view';
import { recordLinkColumn, type ListColumn } from '@/components/data-table/list-columns';
import type { FilterFields } from '@/components/data-table/filter-bar';
import { StatusBadge } from '@/components/record/status-badge';
import { fetchAllPages } from '@/lib/client/lists';
import type { Company } from '@/lib/contract/resources';
import { can } from '@/lib/contract/roles';
import { useSalespeople } from './use-salespeople';

export function CompaniesList() {
  const t = useTranslations('companies');
  const tr = useTranslations('records');
  const user = useCurrentUser();
  const salespeople = useSalespeople();
  const statusLabels = { Active: tr('status.Active'), Inactive: tr('status.Inactive') };

  const columns = useMemo<ListColumn<Company>[]>(
    () => [
      { id: 'id', label: t('fields.id'), value: (c) => c.id, only: 'csv' },
      recordLinkColumn({ id: 'outerSysCode', label: t('fields.outerSysCode'), code: (c) => c.outerSysCode, href: (c) => `/companies/${c.id}` }),
      { id: 'name', label: t('fields.name'), value: (c) => c.name, truncate: true },
      { id: 'shortName', label: t('fields.shortName'), value: (c) => c.shortName, truncate: true },
      { id: 'cellPhone', label: t('fields.cellPhone'), value: (c) => c.cellPhone },
      { id: 'shippingAddress', label: t('fields.shippingAddress'), value: (c) => c.shippingAddress, truncate: true },
      { id: 'internalUserIdNumber', label: `${t('fields.internalUserId')} id`, value: (c) => c.internalUserId, only: 'csv' },
      { id: 'internalUserId', label: t('fields.internalUserId'), value: (c) => salespeople.nameOf(c.internalUserId) },
      { id: 'status', label: t('fields.status'), value: (c) => c.status, cell: (c) => <StatusBadge status={c.status} labels={statusLabels} /> },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels come from the same catalogue as t
    [t, salespeople.nameOf],
  );

  // Bulk edit (issue 15): stewards and admins tick rows, or take every row matching the filters.
  const bulk = useBulkSelection<Company>(can(user.role, 'runImports'));
  const listFilters = useListFilters('companies');
  const bulkFields: BulkField<Company>[] = (['name', 'shortName', 'cellPhone', 'shippingAddress', 'internalUserId'] as const).map((name) => ({
    name,
    label: t(`fields.${name}`),
    family: 'companies' as const,
    idField: 'id' as const,
    current: (c: Company) => c[name],
  }));

  const filterFields: FilterFields<'companies'> = {
    outerSysCode: { type: 'text', label: t('filters.code') },
    name: { type: 'text', label: t('filters.name') },
    internalUserId: { type: 'select', ids: true, label: t('fields.internalUserId'), anyLabel: t('filters.anySalesperson'), options: salespeople.options.map((o) => ({ value: String(o.value), label: o.label })) },
    updatedSince: { type: 'datetime', label: t('fields.updatedSince') },
  };

  return (
    <ListView
      list="companies"
      tableId="companies"
      userId={user.id}
      caption={t('title')}
      columns={columns}
      withSelection={bulk.withSelection}
      filterFields={filterFields}
      csvFileBase="companies"
      actions={
        <>
          {bulk.enabled ? (
            <BulkEdit fields={bulkFields} selected={bulk.selected} onClear={bulk.clear} fetchAllMatching={() => fetchAllPages('companies', listFilters)} />
          ) : null}
          {can(user.role, 'editMasterData') ? (
          <LinkButton href="/companies/new" size="sm" variant="primary">
            {t('new')}
          </LinkButton>
        ) : null}
        </>
      }
    />
  );
}
