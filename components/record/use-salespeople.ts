'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useMemo } from 'react';
import { useStatusLabel } from '@/components/record/status-badge';
import { useSalespeopleQuery } from '@/lib/client/salespeople';
import { maySell, type Salesperson } from '@/lib/contract/salespeople';

/**
 * Salesperson names by id and the picker's options, from the console's list of back-office users (no e-mails or
 * accounts). Namesakes are told apart by their code. The picker offers active users whose role sells, each with
 * role and status; `pickable(current)` keeps a company's present salesperson in view whoever they are, so an edit
 * form shows what it holds.
 */
export function useSalespeople() {
  const t = useTranslations('companies');
  const statusLabel = useStatusLabel();
  const users = useSalespeopleQuery();
  const locale = useLocale();
  const rows = useMemo(() => users.data ?? [], [users.data]);
  const labels = useMemo(() => {
    const count = new Map<string, number>();
    for (const u of rows) count.set(u.name, (count.get(u.name) ?? 0) + 1);
    const label = (u: Salesperson) =>
      !u.name ? `#${u.id}` : (count.get(u.name) ?? 0) > 1 ? `${u.name} (${u.code || `#${u.id}`})` : u.name;
    return new Map(rows.map((u) => [u.id, label(u)]));
  }, [rows]);
  // Sorted in the page's locale, as the server rendered it (a browser's own would differ in another language).
  const sorted = useCallback(
    <T extends { label: string }>(list: T[]) => {
      const collator = new Intl.Collator(locale);
      return list.sort((a, b) => collator.compare(a.label, b.label));
    },
    [locale],
  );
  const describe = useCallback(
    (u: Salesperson) =>
      t('salespersonOption', {
        name: labels.get(u.id) ?? `#${u.id}`,
        role: u.roleName ?? t('roleNumber', { id: u.roleId }),
        status: u.status ? statusLabel(u.status) : '—',
      }),
    [labels, statusLabel, t],
  );
  /** Every user by name: a filter may look for an inactive salesperson's companies too. */
  const options = useMemo(() => sorted([...labels].map(([value, label]) => ({ value, label }))), [labels, sorted]);
  const pickable = useCallback(
    (current?: number | null) =>
      sorted(rows.filter((u) => maySell(u) || u.id === current).map((u) => ({ value: u.id, label: describe(u) }))),
    [rows, describe, sorted],
  );
  const nameOf = useCallback(
    (id: number | null | undefined) => {
      if (id == null) return '';
      return labels.get(id) ?? t('unknownUser', { id });
    },
    [labels, t],
  );
  return { query: users, options, pickable, nameOf, rows };
}
