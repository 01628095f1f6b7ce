'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Button, cn, focusRing } from '@/components/ui';
import type { RejectionCause } from '@/lib/contract/console/rejection-types';
import { causeSentence } from '@/lib/i18n/rejection-words';
import { plainSpaces } from '@/lib/i18n/formats';
import { SyncRows, useRejectionWords, type Selection } from './sync-rows';

export type { Selection } from './sync-rows';

/** One cause: its sentence and count, "Fix and resend" for all its rows, and its syncs and records below. */
export function CauseGroup({
  cause,
  open,
  selection,
  onFix,
  busy,
}: {
  cause: RejectionCause;
  /** Open rows can be fixed and selected; closed ones are shown as they closed. */
  open: boolean;
  selection: Selection;
  onFix: (ids: string[]) => void;
  busy: boolean;
}) {
  const t = useTranslations('rejections');
  const ti = useTranslations('imports');
  const format = useFormatter();
  const words = useRejectionWords();
  const headingId = `cause-${cause.key.replace(/[^\w-]/g, '_')}`;
  const ids = cause.syncs.flatMap((s) => s.rows.map((r) => r.id));
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-2 rounded-lg border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      <p className="text-xs font-medium text-zinc-600 dark:text-zinc-400">{ti(`families.${cause.family}`)}</p>
      <h2 id={headingId} className="text-base font-semibold">
        {causeSentence(words, cause.example)}
      </h2>
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          {t('causeCount', {
            count: cause.count,
            syncs: cause.syncs.length,
            at: plainSpaces(format.dateTime(new Date(cause.newestAt), 'dateTime')),
          })}
        </p>
        {open ? (
          <Button size="sm" onClick={() => onFix(ids)} disabled={busy}>
            {t('fixGroup', { count: ids.length })}
          </Button>
        ) : null}
      </div>
      <details className="group">
        <summary className={cn('cursor-pointer text-sm font-medium text-blue-800 dark:text-blue-300', focusRing)}>
          {t('showSyncs')}
        </summary>
        <div className="mt-3 space-y-4">
          {cause.syncs.map((sync) => (
            <SyncRows key={sync.callId} sync={sync} selection={selection} open={open} />
          ))}
        </div>
      </details>
    </section>
  );
}
