'use client';

import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { useCurrentUser } from '@/components/layout/current-user';
import { LinkButton } from '@/components/ui';
import { ListView } from '@/components/data-table/list-view';
import type { ColumnMeta } from '@/components/data-table/data-table';
import type { FilterFields } from '@/components/data-table/filter-bar';
import { StatusBadge } from '@/components/record/status-badge';
import { getAllInternalUsers, getInternalUsers } from '@/lib/client/internal-users/get-internal-users';
import { internalUserKeys } from '@/lib/client/query-keys';
import type { InternalUser } from '@/lib/contract/internal-users';
import type { UserRoleDirectory } from '@/lib/contract/user-roles';
import type { CsvColumn } from '@/lib/csv/export';
import { useRoleNames } from './use-role-names';

export function UsersList({ roles }: { roles: UserRoleDirectory }) {
  const t = useTranslations('users');
  const tr = useTranslations('records');
  const user = useCurrentUser();
  const roleNames = useRoleNames(roles);
  const statusLabels = { Active: tr('status.Active'), Inactive: tr('status.Inactive') };

  const columns = useMemo<ColumnDef<InternalUser>[]>(
    () => [
      {
        id: 'account',
        header: t('fields.account'),
        meta: { label: t('fields.account') } satisfies ColumnMeta,
        enableHiding: false,
        cell: ({ row }) => (
          <Link href={`/users/${row.original.id}`} className="font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-400">
            {row.original.account || `#${row.original.id}`}
          </Link>
        ),
      },
      { id: 'name', accessorKey: 'name', header: t('fields.name'), meta: { label: t('fields.name'), truncate: true } },
      { id: 'email', accessorKey: 'email', header: t('fields.email'), meta: { label: t('fields.email') } },
      { id: 'roleId', header: t('fields.roleId'), meta: { label: t('fields.roleId') }, cell: ({ row }) => roleNames.nameOf(row.original.roleId) },
      {
        id: 'status',
        header: t('fields.status'),
        meta: { label: t('fields.status') },
        cell: ({ row }) => <StatusBadge status={row.original.status} labels={statusLabels} />,
      },
      { id: 'outerSysCode', accessorKey: 'outerSysCode', header: t('fields.outerSysCode'), meta: { label: t('fields.outerSysCode') } },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels come from the same catalogue as t
    [t, roleNames.nameOf],
  );

  const csvColumns: CsvColumn<InternalUser>[] = [
    { header: t('fields.id'), value: (u) => u.id },
    { header: t('fields.account'), value: (u) => u.account },
    { header: t('fields.name'), value: (u) => u.name },
    { header: t('fields.email'), value: (u) => u.email },
    { header: t('fields.roleIdNumber'), value: (u) => u.roleId },
    { header: t('fields.roleId'), value: (u) => roleNames.nameOf(u.roleId) },
    { header: t('fields.status'), value: (u) => u.status },
    { header: t('fields.outerSysCode'), value: (u) => u.outerSysCode },
  ];

  const filterFields: FilterFields<'internalUsers'> = {
    account: { type: 'text', label: t('filters.account') },
    name: { type: 'text', label: t('filters.name') },
    outerSysCode: { type: 'text', label: t('filters.code') },
    roleId: roleNames.named
      ? { type: 'select', ids: true, label: t('fields.roleId'), anyLabel: t('filters.anyRole'), options: roleNames.options.map((o) => ({ value: String(o.value), label: o.label })) }
      : { type: 'id', label: t('fields.roleIdNumber'), description: t('rolesNotConfigured') },
    status: {
      type: 'select',
      label: t('fields.status'),
      anyLabel: t('filters.anyStatus'),
      options: [
        { value: 'Active', label: statusLabels.Active },
        { value: 'Inactive', label: statusLabels.Inactive },
      ],
    },
    updatedSince: { type: 'datetime', label: t('fields.updatedSince') },
  };

  return (
    <ListView
      list="internalUsers"
      tableId="users"
      userId={user.id}
      caption={t('title')}
      queryKey={internalUserKeys.list}
      getPage={getInternalUsers}
      columns={columns}
      filterFields={filterFields}
      fetchAll={getAllInternalUsers}
      csvColumns={csvColumns}
      csvFileBase="users"
      actions={
        <LinkButton href="/users/new" size="sm" variant="primary">
          {t('new')}
        </LinkButton>
      }
    />
  );
}
