'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button } from '@/components/ui';
import { durationParts } from './duration';
import { plainSpaces } from '@/lib/i18n/formats';

export interface RefreshStatus {
  job: {
    id: string;
    state: 'planning' | 'running' | 'succeeded' | 'failed' | 'cancelled';
    finishedAt: string | null;
    error: string | null;
    progress: { total: number; done: number; failed: number; cancelled: number; ratePerSecond: number | null; etaSeconds: number | null };
  } | null;
  age: { count: number; oldest: string | null; newest: string | null; stale: boolean };
  maxAgeMs: number;
}

const ACTIVE = new Set(['planning', 'running']);
const headers = { 'X-Console-Request': '1', 'Content-Type': 'application/json' };

/**
 * The snapshot's age and its refresh job: start (full or changed companies only), progress with rate and time
 * left, cancel. Progress is read from the server every second while a job runs; the job itself runs in the
 * server, so leaving the page does not stop it. When it ends, the page re-renders with the new snapshot.
 */
export function RefreshPanel({ initial, canCancel }: { initial: RefreshStatus; canCancel: boolean }) {
  const t = useTranslations('quotas.snapshot');
  const format = useFormatter();
  const router = useRouter();
  const [status, setStatus] = useState(initial);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const wasActive = useRef(initial.job ? ACTIVE.has(initial.job.state) : false);
  const active = status.job ? ACTIVE.has(status.job.state) : false;

  const poll = useCallback(async () => {
    const response = await fetch('/api/quotas/refresh', { headers, cache: 'no-store' });
    if (!response.ok) return;
    const next = (await response.json()) as RefreshStatus;
    setStatus(next);
    const nowActive = next.job ? ACTIVE.has(next.job.state) : false;
    if (wasActive.current && !nowActive) router.refresh();
    wasActive.current = nowActive;
  }, [router]);

  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => void poll().catch(() => {}), 1000);
    return () => clearInterval(timer);
  }, [active, poll]);

  async function start(mode: 'full' | 'incremental') {
    setBusy(true);
    setNotice(null);
    try {
      const response = await fetch('/api/quotas/refresh', { method: 'POST', headers, body: JSON.stringify({ mode }) });
      if (!response.ok) throw new Error(String(response.status));
      const { started } = (await response.json()) as { started: boolean };
      setNotice({ tone: 'info', text: started ? t('started') : t('alreadyRunning') });
      wasActive.current = true;
      await poll();
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
      await fetch(`/api/quotas/refresh?job=${encodeURIComponent(status.job.id)}`, { method: 'DELETE', headers });
      await poll();
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
    <section aria-labelledby="snapshot-heading" className="space-y-3 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="snapshot-heading" className="text-lg font-semibold">
          {t('heading')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void start('full')} disabled={busy || active}>
            {t('refreshFull')}
          </Button>
          <Button variant="secondary" onClick={() => void start('incremental')} disabled={busy || active} title={t('refreshChangedHelp', { maxAge: duration(status.maxAgeMs) })}>
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
        <div role="status" aria-live="polite" className="space-y-1 text-sm">
          {/* Kept after the job ends: a refresh of a few hundred companies can finish before the first poll. */}
          <progress className="h-2 w-full" aria-label={t('progressLabel')} max={Math.max(p.total, 1)} value={p.done + p.failed + p.cancelled} />
          {active ? (
            <>
              <p>
                {job.state === 'planning' ? t('planning', { done: p.done + p.failed }) : t('running', { done: p.done + p.failed, total: p.total })}
                {p.ratePerSecond ? ` · ${t('rate', { rate: format.number(p.ratePerSecond, { maximumFractionDigits: 1 }) })}` : ''}
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
          {p.failed > 0 ? <p className="text-red-700 dark:text-red-400">{t('failedCount', { failed: p.failed })}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
