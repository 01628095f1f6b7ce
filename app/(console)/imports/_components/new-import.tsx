'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useReducer } from 'react';
import { loadLater } from '@/lib/client/load-later';
import { FAMILY_COLUMNS } from '@/lib/imports/family-columns';
import type { Delimiter, Encoding } from '@/lib/contract/console/import-values';
import { CheckStep } from './import-wizard/check-step';
import { FamilyStep } from './import-wizard/family-step';
import { FileStep } from './import-wizard/file-step';
import { initialState, wizardReducer } from './import-wizard/reducer';
import { SendFailure } from './import-wizard/send-failure';
import { useImportWorker, useSavedMapping } from './import-wizard/use-import-worker';
import { ProgressBar } from './progress-bar';

/** The mapping step loads after first paint (it is shown once a file is read, long after): see mapping-area.tsx. */
const mappingArea = loadLater(() => import('./import-wizard/mapping-area'));

/** New import: family → file → mapping → check (and compare) → send, one step component each. */
export function NewImport() {
  const t = useTranslations('imports');
  const [state, dispatch] = useReducer(wizardReducer, initialState);
  const { family, file, preview, phase, progress, check, compared, skipUnchanged, holdBack, failure } = state;
  const post = useImportWorker(family, dispatch);
  useSavedMapping(family, dispatch);

  const labels = useMemo(() => {
    if (!family) return {};
    return Object.fromEntries(
      FAMILY_COLUMNS[family].fields.map((f) => [
        f.name,
        t.has(`fields.${f.name}`) ? t(`fields.${f.name}` as 'fields.id') : f.name,
      ]),
    );
  }, [family, t]);
  const area = mappingArea.useLoaded();

  function choose(next: File | null, enc?: Encoding, delim?: Delimiter, sheet?: string) {
    dispatch({ type: 'fileChosen', file: next, encoding: enc, delimiter: delim, sheet });
    if (next) post({ type: 'preview', file: next, encoding: enc, delimiter: delim, sheet });
  }

  const fam = family ? FAMILY_COLUMNS[family] : null;

  function start() {
    if (!file) return;
    dispatch({ type: 'sendStarted' });
    post({ type: 'send', fileName: file.name, skipUnchanged: compared !== null && skipUnchanged, holdBack });
  }

  const percent = progress && progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) : 0;

  return (
    <div className="max-w-5xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">{t('newTitle')}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('newIntro')}</p>
      </header>
      <FamilyStep state={state} dispatch={dispatch} labels={labels} />
      <FileStep state={state} choose={choose} />
      {fam && preview && !preview.error && area ? (
        <area.MappingArea
          state={state}
          dispatch={dispatch}
          family={fam}
          preview={preview}
          labels={labels}
          post={post}
        />
      ) : null}
      {progress && phase !== 'idle' && phase !== 'previewing' ? (
        <ProgressBar label={t('progressLabel', { phase: t(`phase.${progress.phase}`), percent })} value={percent} />
      ) : null}
      {check ? <CheckStep state={state} check={check} dispatch={dispatch} post={post} onStart={start} /> : null}
      {failure ? <SendFailure failure={failure} family={family} /> : null}
    </div>
  );
}
