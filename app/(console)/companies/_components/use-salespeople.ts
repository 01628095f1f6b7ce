'use client';

import { useTranslations } from 'next-intl';
import { useCallback, useMemo } from 'react';
import { useInternalUsers, userLabel } from '@/lib/client/internal-users/get-internal-users';

/** Salesperson names by id (there is no single-user GET), and the picker options. */
export function useSalespeople() {
  const t = useTranslations('companies');
  const users = useInternalUsers();
  const byId = useMemo(() => new Map((users.data ?? []).map((u) => [u.id, u])), [users.data]);
  const options = useMemo(
    () =>
      (users.data ?? [])
        .map((u) => ({ value: u.id, label: `${userLabel(u)}${u.status === 'Inactive' ? ' — inactive' : ''}` }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [users.data],
  );
  const nameOf = useCallback(
    (id: number | null | undefined) => {
      if (id == null) return '';
      const user = byId.get(id);
      return user ? userLabel(user) : t('unknownUser', { id });
    },
    [byId, t],
  );
  return { query: users, options, nameOf };
}
