'use client';

import { useFormatter, useNow, useTranslations } from 'next-intl';
import { Alert, Button } from '@/components/ui';
import type { ListResult } from '@/lib/client/list-read';
import type { MirrorFreshness } from '@/lib/contract/console/list-read';
import { useIsClient } from './use-is-client';
import { plainSpaces } from '@/lib/i18n/formats';

const NOTE = 'text-sm text-zinc-600 dark:text-zinc-400';

/** "As of 12 s ago" (from the mirror's last complete pass) and the Refresh button, in the caller's row. */
export function AsOfRefresh({
  asOf,
  onRefresh,
  refreshing,
}: {
  asOf: string;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const t = useTranslations('dataTable');
  const format = useFormatter();
  const now = useNow({ updateInterval: 1000 });
  const at = new Date(asOf);
  // A clock a little behind the server's must not read "in 2 s".
  const ago = format.relativeTime(at < now ? at : now, { now, style: 'narrow' });
  return (
    <>
      <p className={NOTE}>{t('asOf', { ago })}</p>
      <Button
        variant="secondary"
        size="sm"
        onClick={onRefresh}
        disabled={refreshing}
        aria-busy={refreshing || undefined}
      >
        {t('refresh')}
      </Button>
    </>
  );
}

/** Above a copy that is stale: since when, and whether the service is away. */
export function StaleAlert({ freshness }: { freshness: MirrorFreshness }) {
  const t = useTranslations('dataTable');
  const format = useFormatter();
  const time = plainSpaces(format.dateTime(new Date(freshness.asOf), 'time'));
  return (
    <Alert tone="warning">
      {freshness.away ? t('staleAway', { time }) : t('staleLate', { time, interval: freshness.intervalS })}
    </Alert>
  );
}

/**
 * Under a list: how fresh its rows are ("As of 12 s ago", from the mirror's last complete pass) with a Refresh
 * button, or why it pages live in the service's id order.
 */
export function ListFreshness({
  result,
  onRefresh,
  refreshing,
}: {
  result: ListResult<unknown> | undefined;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const t = useTranslations('dataTable');
  // "12s ago" and the browser's clock: rendered after hydration only, so the server's HTML never disagrees.
  const isClient = useIsClient();
  if (!result) return null;
  if (result.source !== 'mirror')
    return <p className={NOTE}>{result.reason === 'pending' ? t('copyPending') : t('idOrder')}</p>;
  // Said on the server's HTML too: it does not change with the clock.
  const order = result.byCodePoint ? <p className={NOTE}>{t('codePointOrder')}</p> : null;
  if (!result.freshness || !isClient) return order;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {order}
      <AsOfRefresh asOf={result.freshness.asOf} onRefresh={onRefresh} refreshing={refreshing} />
    </div>
  );
}

/** Above a list whose copy is stale: since when, and whether the service is away. */
export function StaleBanner({ result }: { result: ListResult<unknown> | undefined }) {
  // The time in the browser's zone: after hydration only.
  const isClient = useIsClient();
  if (result?.source !== 'mirror' || !result.freshness?.stale || !isClient) return null;
  return <StaleAlert freshness={result.freshness} />;
}
