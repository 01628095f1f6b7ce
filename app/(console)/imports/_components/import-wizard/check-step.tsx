'use client';

import { useTranslations } from 'next-intl';
import type { Dispatch } from 'react';
import { Alert, Button, Th } from '@/components/ui';
import { ISSUE_ROWS_SHOWN, type CheckResult } from '@/lib/client/imports/worker-protocol';
import type { ToWorker } from '@/lib/client/imports/worker-protocol';
import type { RowIssue } from '@/lib/imports/check';
import { isComparable } from '@/lib/imports/compare';
import { CompareStep } from './compare-step';
import type { WizardAction, WizardState } from './reducer';
import { useImportTexts } from './texts';

/** A row's issues, each on a line of its own. */
function IssueLines({ issues, text }: { issues: RowIssue[]; text: (issue: RowIssue) => string }) {
  return issues.map((issue, k) => (
    <span key={k} className="block">
      {text(issue)}
    </span>
  ));
}

/** Step 4: what the check found, the comparison with the live records, and "Start import". */
export function CheckStep({
  state,
  check,
  dispatch,
  post,
  onStart,
}: {
  state: WizardState;
  check: CheckResult;
  dispatch: Dispatch<WizardAction>;
  post: (message: ToWorker) => void;
  onStart: () => void;
}) {
  const t = useTranslations('imports');
  const { issueText, fileErrorText } = useImportTexts();
  const { family, phase } = state;
  const busy = phase !== 'idle';

  return (
    <section className="space-y-3" aria-labelledby="check-heading">
      <h2 id="check-heading" className="sr-only">
        {t('checkRows')}
      </h2>
      {check.error ? (
        <Alert tone="error">{fileErrorText(check.error)}</Alert>
      ) : (
        <>
          <Alert tone={check.counts.heldBack ? 'warning' : 'success'}>
            {t('checkSummary', check.counts)}
            {check.counts.heldBack ? <span className="block">{t('heldBackHelp')}</span> : null}
          </Alert>
          {check.issueRows.length ? (
            <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
              <table className="w-full text-left text-sm">
                <caption className="px-3 py-2 text-left font-medium">{t('issuesTitle')}</caption>
                <thead className="bg-zinc-50 dark:bg-zinc-900">
                  <tr>
                    <Th className="px-3 py-2 font-medium whitespace-nowrap">{t('line')}</Th>
                    <Th className="px-3 py-2 font-medium whitespace-nowrap">{t('issueCode')}</Th>
                    <Th className="px-3 py-2 font-medium">{t('errors')}</Th>
                    <Th className="px-3 py-2 font-medium whitespace-nowrap">{t('warnings')}</Th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                  {check.issueRows.map((row) => (
                    <tr key={row.line}>
                      <td className="px-3 py-1.5 tabular-nums">{row.line}</td>
                      {/* On a phone the code may break and the sentence keeps a readable width. */}
                      <td className="px-3 py-1.5 break-all sm:break-normal sm:whitespace-nowrap">{row.code ?? ''}</td>
                      <td className="min-w-48 px-3 py-1.5 text-red-800 dark:text-red-300">
                        <IssueLines issues={row.errors} text={issueText} />
                      </td>
                      <td className="min-w-48 px-3 py-1.5">
                        <IssueLines issues={row.warnings} text={issueText} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : null}
          {check.issueRows.length >= ISSUE_ROWS_SHOWN ? (
            <p className="text-sm">{t('issuesMore', { shown: ISSUE_ROWS_SHOWN })}</p>
          ) : null}
          {family && isComparable(family) && check.counts.toSend > 0 ? (
            <CompareStep state={state} dispatch={dispatch} post={post} />
          ) : null}
          {check.counts.toSend === 0 ? (
            <Alert tone="error">{t('nothingToSend')}</Alert>
          ) : (
            <Button onClick={onStart} pending={phase === 'sending'} disabled={busy}>
              {t('startImport')}
            </Button>
          )}
        </>
      )}
    </section>
  );
}
