'use client';

import { useTranslations } from 'next-intl';
import type { Dispatch } from 'react';
import { Alert, Button, Checkbox } from '@/components/ui';
import type { ToWorker } from '@/lib/client/imports/worker-protocol';
import { CompareSummary } from '../compare-summary';
import type { WizardAction, WizardState } from './reducer';
import { useImportTexts } from './texts';

/** "Compare with live data": run on demand (or by itself after a small check), then what each row would do. */
export function CompareStep({
  state,
  dispatch,
  post,
}: {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  post: (message: ToWorker) => void;
}) {
  const tw = useTranslations('workbench');
  const { fieldLabel, issueText } = useImportTexts();
  const tr = useTranslations('resultWords');
  const { compared, phase, skipUnchanged, holdBack } = state;
  // Rows Excel damaged are held back by the check itself: the choice is about the others.
  const fails = compared
    ? compared.counts.would_fail + compared.counts.not_found + compared.counts.ambiguous - (compared.damaged ?? 0)
    : 0;

  return (
    <section className="space-y-3" aria-labelledby="compare-heading">
      <h3 id="compare-heading" className="text-base font-semibold">
        {tw('compareTitle')}
      </h3>
      {compared ? (
        <>
          {compared.restorable ? (
            <Alert tone="warning">
              <p>{tw('restoreZerosHelp', { count: compared.restorable })}</p>
              <Button
                className="mt-2"
                variant="secondary"
                pending={phase === 'comparing'}
                disabled={phase !== 'idle'}
                onClick={() => {
                  dispatch({ type: 'restoreStarted' });
                  post({ type: 'restoreZeros' });
                }}
              >
                {tw('restoreZeros')}
              </Button>
            </Alert>
          ) : null}
          <CompareSummary result={compared} fieldLabel={fieldLabel} issueText={issueText} />
          <Checkbox
            label={tr('leaveOutUnchanged', { count: compared.counts.same })}
            checked={skipUnchanged}
            onChange={(e) => dispatch({ type: 'skipUnchangedSet', value: e.target.checked })}
          />
          {fails ? (
            <Checkbox
              label={tw('holdBack', { count: fails })}
              checked={holdBack}
              onChange={(e) => dispatch({ type: 'holdBackSet', value: e.target.checked })}
            />
          ) : null}
        </>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            pending={phase === 'comparing'}
            disabled={phase !== 'idle'}
            onClick={() => {
              dispatch({ type: 'compareStarted' });
              post({ type: 'compare' });
            }}
          >
            {tw('compare')}
          </Button>
          <span className="text-xs text-zinc-600 dark:text-zinc-400">{tw('compareHelp')}</span>
        </div>
      )}
    </section>
  );
}
