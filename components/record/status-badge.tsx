import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { Badge } from '@/components/ui';

/** A record status in words (the records catalogue), or as it is when the catalogue has no word for it. */
export function useStatusLabel() {
  const tr = useTranslations('records');
  return useCallback((status: string) => (tr.has(`status.${status}`) ? tr(`status.${status}`) : status), [tr]);
}

/** A list filter's choices for a family's statuses (lib/contract/values), in words. */
export function useStatusOptions(statuses: readonly string[]) {
  const label = useStatusLabel();
  return statuses.map((s) => ({ value: s, label: label(s) }));
}

/** Active, Inactive or InactiveVisible, in words; the colour only repeats the word. */
export function StatusBadge({ status }: { status: string | null }) {
  const label = useStatusLabel();
  if (!status) return null;
  const tone = status === 'Active' ? 'success' : status === 'InactiveVisible' ? 'warning' : 'neutral';
  return <Badge tone={tone}>{label(status)}</Badge>;
}
