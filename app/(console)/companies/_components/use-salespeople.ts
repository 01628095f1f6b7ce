'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useMemo } from 'react';
import { useSalespeopleQuery } from '@/lib/client/salespeople';
import type { Salesperson } from '@/lib/contract/salespeople';

/**
 * Salesperson names by id and the picker options, from the console's id-and-name list (no e-mails or
 * accounts). Namesakes are told apart by their id.
 */
export function useSalespeople() {
  const t = useTranslations('companies');
  const users = useSalespeopleQuery();
  const locale = useLocale();
  const labels = useMemo(() => {
    const rows = users.data ?? [];
    const count = new Map<string, number>();
    for (const u of rows) count.set(u.name, (count.get(u.name) ?? 0) + 1);
    const label = (u: Salesperson) =>
      !u.name ? `#${u.id}` : (count.get(u.name) ?? 0) > 1 ? `${u.name} (#${u.id})` : u.name;
    return new Map(rows.map((u) => [u.id, label(u)]));
  }, [users.data]);
  const options = useMemo(
    // Sorted in the page's locale, as the server rendered it (a browser's own would differ in another language).
    () => {
      const collator = new Intl.Collator(locale);
      return [...labels].map(([value, label]) => ({ value, label })).sort((a, b) => collator.compare(a.label, b.label));
    },
    [labels, locale],
  );
  const nameOf = useCallback(
    (id: number | null | undefined) => {
      if (id == null) return '';
      return labels.get(id) ?? t('unknownUser', { id });
    },
    [labels, t],
  );
  return { query: users, options, nameOf };
}
