import { useFormatter, useTranslations } from 'next-intl';
import { LinkCard } from '@/components/ui/link-card';

export const APPROVALS_HREF = '/approvals';

/**
 * The approver's card on the home (issue 55 point 4): how many proposals wait for this person and how long the
 * oldest has waited, with the way to the queue. Shown to those who may approve (approveQuota) while any wait.
 */
export function WaitingCard({ count, oldestAt, now }: { count: number; oldestAt: string | null; now: Date }) {
  const t = useTranslations('approvals');
  const format = useFormatter();
  return (
    <LinkCard id="card-approvals" href={APPROVALS_HREF} title={t('homeCardTitle')}>
      <p className="px-4 py-3 text-sm text-zinc-700 dark:text-zinc-300">
        <span
          data-testid="approvals-count"
          className="block text-3xl font-semibold text-zinc-900 tabular-nums dark:text-zinc-50"
        >
          {format.number(count)}
        </span>
        {t('homeCardUnit', { count })}
      </p>
      {oldestAt ? (
        <p className="px-4 pb-4 text-sm text-zinc-600 dark:text-zinc-400">
          {t('homeCardBody', { age: format.relativeTime(new Date(oldestAt), now) })}
        </p>
      ) : null}
    </LinkCard>
  );
}
