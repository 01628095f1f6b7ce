'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { useCurrentUser } from '@/components/layout/current-user';
import { LinkButton } from '@/components/ui';
import { recordLinkColumn, type ListColumn } from '@/components/data-table/list-columns';
import { ListView } from '@/components/data-table/list-view';
import type { FilterFields } from '@/components/data-table/filter-bar';
import { StatusBadge } from '@/components/record/status-badge';
import type { InternalUser } from '@/lib/contract/internal-users';
import type { UserRoleDirectory } from '@/lib/contract/user-roles';
import { useRoleNames } from './use-role-names';

export function UsersList({ roles }: { roles: UserRoleDirectory }) {
  const t = useTranslations('users');
  const tr = useTranslations('records');
  const user = useCurrentUser();
  const roleNames = useRoleNames(roles);
  const statusLabels = { Active: tr('status.Active'), Inactive: tr('status.Inactive') };

  const columns = useMemo<ListColumn<InternalUser>[]>(
    () => [
      { id: 'id', label: t('fields.id'), value: (u) => u.id, only: 'csv' },
      recordLinkColumn({ id: 'account', label: t('fields.account'), code: (u) => u.account, href: (u) => `/users/${u.id}` }),
      { id: 'name', label: t('fields.name'), value: (u) => u.name, truncate: true },
      { id: 'email', label: t('fields.email'), value: (u) => u.email },
      { id: 'roleIdNumber', label: t('fields.roleIdNumber'), value: (u) => u.roleId, only: 'csv' },
      { id: 'roleId', label: t('fields.roleId'), value: (u) => roleNames.nameOf(u.roleId) },
      { id: 'status', label: t('fields.status'), value: (u) => u.status, cell: (u) => <StatusBadge status={u.status} labels={statusLabels} /> },
      { id: 'outerSysCode', label: t('fields.outerSysCode'), value: (u) => u.outerSysCode },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- labels come from the same catalogue as t
    [t, roleNames.nameOf],
  );

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
      columns={columns}
      filterFields={filterFields}
      csvFileBase="users"
      actions={
        <LinkButton href="/users/new" size="sm" variant="primary">
          {t('new')}
        </LinkButton>
      }
    />
  );
}
