import { useFormatter, useTranslations } from 'next-intl';
import type { Checked } from '@/lib/contract/attention';

/**
 * What the rules read and when, one line a resource: "All 24,310 SKUs checked 40 seconds ago: nothing to fix."
 * when `clear`, else "24,310 SKUs checked 40 seconds ago". `now` is the render's clock (the server's).
 */
export function CheckedLine({ checked, now, clear }: { checked: Checked; now: Date; clear: boolean }) {
  const t = useTranslations('attention');
  const format = useFormatter();
  // Not evaluated yet: the caller says so once for every such resource (attention.notEvaluated).
  if (!checked.evaluatedAt) return null;
  const values = {
    checked: t(`resource.${checked.resource}`, { count: checked.records }),
    ago: format.relativeTime(new Date(checked.evaluatedAt), now),
  };
  return <>{clear ? t('allClear', values) : t('checkedAgo', values)}</>;
}
