'use client';

import { HeadedSection } from '@/components/ui';
import { useFormatter, useTranslations } from 'next-intl';
import { rowWord } from '@/lib/client/imports/result-words';
import type { RowIssue } from '@/lib/imports/check';
import { plainSpaces } from '@/lib/i18n/formats';

import type { AttemptView as Attempt, RowAttempt } from '@/lib/contract/console/imports';

/** The attempts of an import: the first send, then each "Resend failed rows". */
export function AttemptsList({ attempts }: { attempts: Attempt[] }) {
  const t = useTranslations('workbench');
  const format = useFormatter();
  return (
    <HeadedSection id="attempts-heading" title={t('attempts')} className="space-y-2">
      <ol className="space-y-1 text-sm">
        {attempts.map((a) => (
          <li key={a.no}>
            {t('attemptLine', { no: a.no, rows: a.rows, email: a.createdByEmail })}{' '}
            <time dateTime={a.createdAt}>{plainSpaces(format.dateTime(new Date(a.createdAt), 'dateTimeSeconds'))}</time>
          </li>
        ))}
      </ol>
    </HeadedSection>
  );
}

/** A row's attempt number and, when it was sent more than once, what the earlier attempts gave. */
export function RowHistory(props: {
  attempt: number;
  history: RowAttempt[];
  headers: string[];
  issueText: (issue: RowIssue) => string;
}) {
  const t = useTranslations('workbench');
  const tr = useTranslations('resultWords');
  if (!props.history.length) return <span className="tabular-nums">{props.attempt}</span>;
  return (
    <details>
      <summary className="cursor-pointer tabular-nums">
        {t('attemptOf', { no: props.attempt, count: props.history.length + 1 })}
      </summary>
      <ul className="mt-1 space-y-1 text-xs">
        {props.history.map((h) => (
          <li key={h.attempt}>
            {h.errors.length
              ? t('earlierAttemptWhy', {
                  no: h.attempt,
                  status: tr(rowWord(h.status)),
                  why: h.errors.map((e) => props.issueText(e)).join(t('issueSeparator')),
                })
              : t('earlierAttempt', { no: h.attempt, status: tr(rowWord(h.status)) })}
          </li>
        ))}
      </ul>
    </details>
  );
}
