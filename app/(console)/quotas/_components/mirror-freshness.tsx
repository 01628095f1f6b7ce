'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { AsOfRefresh, StaleAlert } from '@/components/data-table/list-freshness';
import { useIsClient } from '@/components/data-table/use-is-client';
import type { MirrorFreshness } from '@/lib/contract/console/list-read';
import { refreshQuotaCopyAction } from '../actions';
import { plainSpaces } from '@/lib/i18n/formats';

/**
 * With the mirror on, the quota rows are its copy (kept current by its passes, not by a refresh job): how fresh
 * they are, as every list says it ("As of 12 s ago"), with a banner when the copy is stale, and Refresh to bring
 * the copy up to date now and read it again, saying so when that did not happen in time. Times render after
 * hydration only, so the server's HTML never disagrees with the browser.
 */
export function QuotaMirrorFreshness({ freshness }: { freshness: MirrorFreshness }) {
  const t = useTranslations('dataTable');
  const format = useFormatter();
  const router = useRouter();
  const [refreshing, startRefresh] = useTransition();
  // The last Refresh did not bring the copy up to date in time (or its call failed): the page shows it as it is.
  const [late, setLate] = useState(false);
  const refresh = () =>
    startRefresh(async () => {
      const answer = await refreshQuotaCopyAction({}).catch(() => null);
      setLate(!(answer && 'refreshed' in answer && answer.refreshed));
      router.refresh();
    });
  if (!useIsClient()) return null;
  const time = plainSpaces(format.dateTime(new Date(freshness.asOf), 'time'));
  return (
    <div className="space-y-2">
      {freshness.stale ? <StaleAlert freshness={freshness} /> : null}
      <div className="flex flex-wrap items-center gap-2">
        <AsOfRefresh asOf={freshness.asOf} onRefresh={refresh} refreshing={refreshing} />
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          {late && !refreshing ? t('refreshLate', { time }) : null}
        </p>
      </div>
    </div>
  );
}
