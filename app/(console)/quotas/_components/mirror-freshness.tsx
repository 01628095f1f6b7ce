'use client';

import { useFormatter, useNow, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { Alert, Button } from '@/components/ui';
import { useIsClient } from '@/components/data-table/use-is-client';
import type { MirrorFreshness } from '@/lib/contract/console/list-read';
import { refreshQuotaCopyAction } from '../actions';

/**
 * With the mirror on, the quota rows are its copy (kept current by its passes, not by a refresh job): how fresh
 * they are, as every list says it ("As of 12 s ago"), with a banner when the copy is stale, and Refresh to bring
 * the copy up to date now and read it again. Times render after hydration
 * only, so the server's HTML never disagrees with the browser.
 */
export function QuotaMirrorFreshness({ freshness }: { freshness: MirrorFreshness }) {
  const t = useTranslations('dataTable');
  const format = useFormatter();
  const now = useNow({ updateInterval: 1000 });
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  if (!useIsClient()) return null;
  const asOf = new Date(freshness.asOf);
  const ago = format.relativeTime(asOf < now ? asOf : now, { now, style: 'narrow' });
  const time = format.dateTime(asOf, { hour: '2-digit', minute: '2-digit' });
  return (
    <div className="space-y-2">
      {freshness.stale ? (
        <Alert tone="warning">{freshness.away ? t('staleAway', { time }) : t('staleLate', { time, interval: freshness.intervalS })}</Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('asOf', { ago })}</p>
        <Button variant="secondary" size="sm" onClick={() =>
            startRefresh(async () => {
              // Whatever the round's outcome (or a refused call), the page reads the copy as it now is.
              await refreshQuotaCopyAction({}).catch(() => null);
              router.refresh();
            })
          } disabled={refreshing} aria-busy={refreshing || undefined}>
          {t('refresh')}
        </Button>
      </div>
    </div>
  );
}
