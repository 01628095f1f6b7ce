'use client';

import { useTranslations } from 'next-intl';
import { Alert, HeadedSection } from '@/components/ui';
import { resultSentence, rowWord } from '@/lib/client/imports/result-words';
import { ROW_STATUSES, type ImportView, type RowStatus } from '@/lib/contract/console/imports';

/** The counts shown: every outcome a row records, then the rows still waiting (the contract's one list). */
export const SHOWN_STATUSES: readonly RowStatus[] = [...ROW_STATUSES, 'pending'];
/** The rows filter's own choice: refused rows the comparison predicted to succeed. */
export const MISPREDICTED = 'mispredicted';
export type Shown = RowStatus | typeof MISPREDICTED;

/**
 * An import's rows per outcome; what "not sent" means when some were; and the rows the comparison with live
 * data predicted to succeed that the service refused (a misprediction), counted only when there are any.
 */
export function ImportCounts({ imp, running, aborted }: { imp: ImportView; running: boolean; aborted: boolean }) {
  const t = useTranslations('imports');
  const tr = useTranslations('resultWords');
  const sentence = resultSentence(imp.counts, imp.totalRows);
  // One count per result word (lib/contract/result-words): rows skipped as unchanged and rows sent that the
  // comparison said change nothing are both "unchanged"; a word no row has is left out (no "Written 0" beside
  // "Updated 1"), except refused and not sent, which a person looks for after every import.
  const shown = (s: RowStatus) =>
    s === 'pending'
      ? imp.counts.pending + imp.counts.sending
      : s === 'updated'
        ? imp.counts.updated - imp.unchanged
        : s === 'skipped'
          ? imp.counts.skipped + imp.unchanged
          : imp.counts[s];
  return (
    <HeadedSection id="counts-heading" title={t('counts')} className="space-y-3">
      <dl className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        {SHOWN_STATUSES.filter((s) => shown(s) > 0 || s === 'failed' || s === 'not_sent').map((s) => (
          <div key={s} className="flex items-baseline gap-2">
            <dt>{tr(rowWord(s))}</dt>
            <dd className="font-semibold tabular-nums" data-status={s}>
              {shown(s)}
            </dd>
          </div>
        ))}
        {imp.mispredicted > 0 ? (
          <div className="flex items-baseline gap-2">
            <dt>{t('mispredicted')}</dt>
            <dd className="font-semibold tabular-nums" data-status={MISPREDICTED}>
              {imp.mispredicted}
            </dd>
          </div>
        ) : null}
      </dl>
      {running ? null : (
        <p className="text-sm font-medium" data-testid="succeeded-of">
          {t(sentence.key, sentence.values)}
        </p>
      )}
      {imp.counts.proposed ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('proposedHelp')}</p> : null}
      {imp.counts.not_sent ? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('notSentHelp')}</p> : null}
      {imp.uploadClosed && imp.uploadedRows < imp.totalRows && !aborted ? (
        <Alert tone="warning">{t('notReceived', { received: imp.uploadedRows, total: imp.totalRows })}</Alert>
      ) : null}
      {imp.counts.unknown ? <Alert tone="warning">{t('unknownHelp')}</Alert> : null}
      {imp.mispredicted > 0 && !running ? (
        <Alert tone="warning">{t('mispredictedHelp', { count: imp.mispredicted })}</Alert>
      ) : null}
    </HeadedSection>
  );
}
