'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, cn } from '@/components/ui';
import { consoleFetch } from '@/lib/client/console-fetch';
import { jobKeys } from '@/lib/client/console-keys';
import type { QuotaStatus } from '@/lib/contract/console/quotas';
import { durationParts } from './duration';
import { plainSpaces } from '@/lib/i18n/formats';

// The endpoint entries carry the server's zod schemas: they load with the first call, not with the page.
const quotas = () => import('@/lib/contract/console/quotas').then((m) => m.quotasApi);

const ACTIVE = new Set(['planning', 'running']);
const isActive = (status: QuotaStatus | undefined) => (status?.job ? ACTIVE.has(status.job.state) : false);

/**
 * The snapshot's age and its refresh job: start (full or changed companies only), progress with rate and time
 * left, cancel. Progress is read from the server every second while a job runs; the job itself runs in the
 * server, so leaving the page does not stop it. When it ends, the page re-renders with the new snapshot.
 */
export function RefreshPanel({ initial, canCancel }: { initial: QuotaStatus; canCancel: boolean }) {
  const t = useTranslations('quotas.snapshot');
  const format = useFormatter();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // Read from the server every second while a job runs; the job itself runs in the server.
  const { data: status = initial } = useQuery({
    queryKey: jobKeys.latest('quota-refresh'),
    queryFn: async ({ signal }) => consoleFetch((await quotas()).status, { signal }),
    initialData: initial,
    refetchInterval: (query) => (isActive(query.state.data) ? 1000 : false),
  });
  const active = isActive(status);
  const wasActive = useRef(isActive(initial));

  // When a job ends, the page renders again with the new snapshot. Checked on every answer: a refresh of a few
  // companies can end before the first read after its start.
  useEffect(() => {
    if (wasActive.current && !active) router.refresh();
    wasActive.current = active;
  }, [status, active, router]);

  const reread = () => queryClient.invalidateQueries({ queryKey: jobKeys.latest('quota-refresh') });

  async function start(mode: 'full' | 'incremental') {
    setBusy(true);
    setNotice(null);
    try {
      const { started } = await consoleFetch((await quotas()).refresh, { body: { mode } });
      setNotice({ tone: 'info', text: started ? t('started') : t('alreadyRunning') });
      wasActive.current = true;
      await reread();
    } catch {
      setNotice({ tone: 'error', text: t('startFailed') });
    } finally {
      setBusy(false);
    }
  }

  async function cancel() {
    if (!status.job) return;
    setBusy(true);
    try {
      // 409 when the job ended meanwhile: either way the status is read again.
      await consoleFetch((await quotas()).cancel, { query: { job: status.job.id } }).catch(() => undefined);
      await reread();
    } finally {
      setBusy(false);
    }
  }

  const duration = (ms: number) => {
    const { unit, n } = durationParts(ms);
    return t(unit, { n });
  };
  const when = (iso: string) => plainSpaces(format.dateTime(new Date(iso), 'dateTimeSeconds'));
  const job = status.job;
  const p = job?.progress;
  const stale = status.age.stale;

  return (
    <section
      aria-labelledby="snapshot-heading"
      className="space-y-3 rounded-lg border border-zinc-200 p-3 sm:p-4 dark:border-zinc-800"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="snapshot-heading" className="text-lg font-semibold">
          {t('heading')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void start('full')} disabled={busy || active}>
            {t('refreshFull')}
          </Button>
          <Button
            variant="secondary"
            onClick={() => void start('incremental')}
            disabled={busy || active}
            title={t('refreshChangedHelp', { maxAge: duration(status.maxAgeMs) })}
          >
            {t('refreshChanged')}
          </Button>
          {active && canCancel ? (
            <Button variant="danger" onClick={() => void cancel()} disabled={busy}>
              {t('cancel')}
            </Button>
          ) : null}
        </div>
      </div>

      <p className="text-sm">
        {status.age.count === 0 || !status.age.oldest || !status.age.newest
          ? t('empty')
          : t('age', { count: status.age.count, oldest: when(status.age.oldest), newest: when(status.age.newest) })}
      </p>
      {stale ? <Alert tone="warning">{t('stale', { maxAge: duration(status.maxAgeMs) })}</Alert> : null}
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}

      {job && p ? (
        // On a phone a finished refresh says no more than the age line above it: the list comes first there.
        <div
          role="status"
          aria-live="polite"
          className={cn('space-y-1 text-sm', !active && job.state === 'succeeded' && 'max-sm:hidden')}
        >
          {/* Kept after the job ends: a refresh of a few hundred companies can finish before the first poll. */}
          <progress
            className="h-2 w-full"
            aria-label={t('progressLabel')}
            max={Math.max(p.total, 1)}
            value={p.done + p.failed + p.cancelled}
          />
          {active ? (
            <>
              <p>
                {job.state === 'planning'
                  ? t('planning', { done: p.done + p.failed })
                  : t('running', { done: p.done + p.failed, total: p.total })}
                {p.ratePerSecond
                  ? ` · ${t('rate', { rate: format.number(p.ratePerSecond, { maximumFractionDigits: 1 }) })}`
                  : ''}
                {p.etaSeconds !== null ? ` · ${t('eta', { eta: duration(p.etaSeconds * 1000) })}` : ''}
              </p>
            </>
          ) : job.state === 'succeeded' && job.finishedAt ? (
            <p>{t('succeeded', { when: when(job.finishedAt), done: p.done })}</p>
          ) : job.state === 'cancelled' && job.finishedAt ? (
            <p>{t('cancelled', { when: when(job.finishedAt) })}</p>
          ) : job.state === 'failed' ? (
            <p>{t('failed', { error: job.error ?? '' })}</p>
          ) : null}
          {p.failed > 0 ? (
            <p className="text-red-700 dark:text-red-400">{t('failedCount', { failed: p.failed })}</p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
