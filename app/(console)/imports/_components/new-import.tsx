'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useReducer } from 'react';
import { FAMILIES } from '@/lib/csv/families';
import { autoMap, missingColumns, toSaved, type Mapping } from '@/lib/csv/mapping';
import type { Encoding } from '@/lib/csv/encoding';
import type { Delimiter } from '@/lib/csv/parse';
import { CheckStep } from './import-wizard/check-step';
import { FamilyStep } from './import-wizard/family-step';
import { FileStep } from './import-wizard/file-step';
import { MappingStep, unknownColumnsKey } from './import-wizard/mapping-step';
import { currentMapping, initialState, wizardReducer } from './import-wizard/reducer';
import { SendFailure } from './import-wizard/send-failure';
import { saveMapping, useImportWorker, useSavedMapping } from './import-wizard/use-import-worker';
import { ProgressBar } from './progress-bar';

/** New import: family → file → mapping → check (and compare) → send, one step component each. */
export function NewImport() {
  const t = useTranslations('imports');
  const [state, dispatch] = useReducer(wizardReducer, initialState);
  const { family, file, preview, encoding, delimiter, phase, progress, check, compared, skipUnchanged, holdBack, failure } = state;
  const post = useImportWorker(family, dispatch);
  useSavedMapping(family, dispatch);

  const labels = useMemo(() => {
    if (!family) return {};
    return Object.fromEntries(FAMILIES[family].fields.map((f) => [f.name, t.has(`fields.${f.name}`) ? t(`fields.${f.name}` as 'fields.id') : f.name]));
  }, [family, t]);

  // The automatic mapping for this file and family; the user's changes apply until either changes.
  const autoMapping = useMemo<Mapping>(
    () => (family && preview && !preview.error ? autoMap(preview.headers, FAMILIES[family], labels, state.saved) : []),
    [family, preview, labels, state.saved],
  );
  const mapping = currentMapping(state, autoMapping);

  function choose(next: File | null, enc?: Encoding, delim?: Delimiter, sheet?: string) {
    dispatch({ type: 'fileChosen', file: next, encoding: enc, delimiter: delim, sheet });
    if (next) post({ type: 'preview', file: next, encoding: enc, delimiter: delim, sheet });
  }

  const fam = family ? FAMILIES[family] : null;
  const ready = !!(fam && file && preview && !preview.error && encoding && delimiter);
  // Columns the console does not know are left out only once the user has looked at them and agreed.
  const unknownKey = ready ? unknownColumnsKey(preview!.headers, fam!, mapping) : '';
  const canCheck = ready && missingColumns(fam!, mapping).length === 0 && (unknownKey === '' || state.acknowledged === unknownKey) && phase === 'idle';

  function runCheck() {
    if (!canCheck || !family || !file || !encoding || !delimiter || !preview) return;
    dispatch({ type: 'checkStarted' });
    saveMapping(family, toSaved(preview.headers, mapping));
    post({ type: 'check', file, encoding, delimiter, family, mapping, sheet: state.sheet ?? undefined });
  }

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
      {fam && preview && !preview.error ? (
        <MappingStep
          state={state}
          family={fam}
          preview={preview}
          mapping={mapping}
          labels={labels}
          setMapping={(next) => dispatch({ type: 'mappingEdited', basis: autoMapping, mapping: next })}
          dispatch={dispatch}
          canCheck={canCheck}
          onCheck={runCheck}
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
