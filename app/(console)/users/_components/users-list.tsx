'use client';

import { useTranslations } from 'next-intl';
import { useMemo } from 'react';
import type { FilterFields } from '@/components/data-table/filter-bar';
import { idColumn, recordLinkColumn, statusColumn, type ListColumn } from '@/components/data-table/list-columns';
import { RecordList } from '@/components/data-table/record-list';
import { useStatusOptions } from '@/components/record/status-badge';
import type { InternalUser } from '@/lib/contract/internal-users';
import type { UserRoleDirectory } from '@/lib/contract/user-roles';
import { INTERNAL_USER_STATUS } from '@/lib/contract/values';
import { useRoleNames } from './use-role-names';

export function UsersList({ roles }: { roles: UserRoleDirectory }) {
  const t = useTranslations('users');
  const roleNames = useRoleNames(roles);
  const roleName = roleNames.nameOf;
  const statusOptions = useStatusOptions(INTERNAL_USER_STATUS);

  const columns = useMemo<ListColumn<InternalUser>[]>(
    () => [
      idColumn(t('fields.id')),
      recordLinkColumn({
        id: 'account',
        label: t('fields.account'),
        code: (u) => u.account,
        href: (u) => `/users/${u.id}`,
      }),
      { id: 'name', label: t('fields.name'), value: (u) => u.name, truncate: true, card: 'subtitle' },
      { id: 'email', label: t('fields.email'), value: (u) => u.email, card: 'figure' },
      { id: 'roleIdNumber', label: t('fields.roleIdNumber'), value: (u) => u.roleId, only: 'csv' },
      { id: 'roleId', label: t('fields.roleId'), value: (u) => roleName(u.roleId), card: 'figure' },
      statusColumn(t('fields.status')),
      { id: 'outerSysCode', label: t('fields.outerSysCode'), value: (u) => u.outerSysCode },
    ],
    [t, roleName],
  );

  const filterFields: FilterFields<'internalUsers'> = {
    account: { type: 'text', label: t('filters.account'), searchCovers: true },
    name: { type: 'text', label: t('filters.name'), searchCovers: true },
    outerSysCode: { type: 'text', label: t('filters.code') },
    roleId: roleNames.named
      ? {
          type: 'select',
          ids: true,
          label: t('fields.roleId'),
          anyLabel: t('filters.anyRole'),
          options: roleNames.options.map((o) => ({ value: String(o.value), label: o.label })),
        }
      : { type: 'id', label: t('fields.roleIdNumber'), description: t('rolesNotConfigured') },
    status: { type: 'select', label: t('fields.status'), anyLabel: t('filters.anyStatus'), options: statusOptions },
    updatedSince: { type: 'datetime', label: t('fields.updatedSince') },
  };

  // Only administrators reach this page, and every administrator may create a user.
  return <RecordList list="internalUsers" namespace="users" columns={columns} filterFields={filterFields} />;
}
