'use client';

import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { BulkEdit, type BulkField } from '@/components/bulk-edit/bulk-edit';
import { useBulkSelection, useListFilters } from '@/components/bulk-edit/use-bulk-selection';
import { useCurrentUser } from '@/components/layout/current-user';
import { LinkButton } from '@/components/ui';
import { ListView } from '@/components/data-table/list-view';
import type { ColumnMeta } from '@/components/data-table/data-table';
import type { FilterFields } from '@/components/data-table/filter-bar';
import { StatusBadge } from '@/components/record/status-badge';
import { getAllCompanies, getCompanies } from '@/lib/client/companies/get-companies';
import { companyKeys } from '@/lib/client/query-keys';
import type { Company } from '@/lib/contract/resources';
import { can } from '@/lib/contract/roles';
import type { CsvColumn } from '@/lib/csv/export';
import { useSalespeople } from './use-salespeople';

export function CompaniesList() {
  const t = useTranslations('companies');
  const tr = useTranslations('records');
  const user = useCurrentUser();
  const salespeople = useSalespeople();
  const statusLabels = { Active: tr('status.Active'), Inactive: tr('status.Inactive') };

  const columns = useMemo<ColumnDef<Company>[]>(
    () => [
      {
        id: 'outerSysCode',
        header: t('fields.outerSysCode'),
        meta: { label: t('fields.outerSysCode') } satisfies ColumnMeta,
        enableHiding: false,
        cell: ({ row }) => (
          <Link href={`/companies/${row.original.id}`} className="font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-400">
            {row.original.outerSysCode || `#${row.original.id}`}
          </Link>
        ),
      },
      { id: 'name', accessorKey: 'name', header: t('fields.name'), meta: { label: t('fields.name'), truncate: true } },
      { id: 'shortName', accessorKey: 'shortName', header: t('fields.shortName'), meta: { label: t('fields.shortName'), truncate: true } },
      { id: 'cellPhone', accessorKey: 'cellPhone', header: t('fields.cellPhone'), meta: { label: t('fields.cellPhone') } },
      { id: 'shippingAddress', accessorKey: 'shippingAddress', header: t('fields.shippingAddress'), meta: { label: t('fields.shippingAddress'), truncate: true } },
      {
        id: 'internalUserId',
        header: t('fields.internalUserId'),
        meta: { label: t('fields.internalUserId') },
        cell: ({ row }) => salespeople.nameOf(row.original.internalUserId),
      },
      {
        id: 'status',
        header: t('fields.status'),
        meta: { label: t('fields.status') },
        cell: ({ row }) => <StatusBadge status={row.original.status} labels={statusLabels} />,
      },
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

  const csvColumns: CsvColumn<Company>[] = [
    { header: t('fields.id'), value: (c) => c.id },
    { header: t('fields.outerSysCode'), value: (c) => c.outerSysCode },
    { header: t('fields.name'), value: (c) => c.name },
    { header: t('fields.shortName'), value: (c) => c.shortName },
    { header: t('fields.cellPhone'), value: (c) => c.cellPhone },
    { header: t('fields.shippingAddress'), value: (c) => c.shippingAddress },
    { header: `${t('fields.internalUserId')} id`, value: (c) => c.internalUserId },
    { header: t('fields.internalUserId'), value: (c) => salespeople.nameOf(c.internalUserId) },
    { header: t('fields.status'), value: (c) => c.status },
  ];

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
      queryKey={companyKeys.list}
      getPage={getCompanies}
      columns={bulk.withSelection(columns)}
      filterFields={filterFields}
      fetchAll={getAllCompanies}
      csvColumns={csvColumns}
      csvFileBase="companies"
      actions={
        <>
          {bulk.enabled ? (
            <BulkEdit fields={bulkFields} selected={bulk.selected} onClear={bulk.clear} fetchAllMatching={() => getAllCompanies(listFilters)} />
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
