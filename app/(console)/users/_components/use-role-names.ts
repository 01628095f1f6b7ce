'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useMemo } from 'react';
import type { UserRoleDirectory } from '@/lib/contract/user-roles';

/** Role names by id from the configured directory; "Role #id" for a role it does not name. */
export function useRoleNames(directory: UserRoleDirectory) {
  const t = useTranslations('users');
  const byId = useMemo(() => new Map(directory.roles.map((r) => [r.id, r])), [directory.roles]);
  const nameOf = useCallback(
    (id: number | null | undefined) => (id == null ? '' : (byId.get(id)?.name ?? t('roleNumber', { id }))),
    [byId, t],
  );
  const options = useMemo(
    () => directory.roles.map((r) => ({ value: r.id, label: r.isAdmin ? t('adminRole', { name: r.name }) : r.name })),
    [directory.roles, t],
  );
  return { nameOf, options, named: directory.roles.length > 0 };
}
