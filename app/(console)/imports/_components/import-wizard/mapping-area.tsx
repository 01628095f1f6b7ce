'use client';

import { useMemo, type Dispatch } from 'react';
import { autoMap, missingColumns, toSaved, type Mapping } from '@/lib/imports/mapping';
import type { FamilyColumns } from '@/lib/imports/family-columns';
import type { PreviewResult, ToWorker } from '@/lib/client/imports/worker-protocol';
import { MappingStep, unknownColumnsKey } from './mapping-step';
import { currentMapping, type WizardAction, type WizardState } from './reducer';
import { saveMapping } from './use-import-worker';

export interface MappingAreaProps {
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  family: FamilyColumns;
  preview: PreviewResult;
  labels: Record<string, string>;
  post: (message: ToWorker) => void;
}

/**
 * Step 3 and the check it starts: the automatic mapping of the file's columns (the user's changes apply until
 * the file or family changes), then "Check rows". The New import page loads this after its first paint: the
 * headers the console's own exports write, in both languages (lib/imports/console-headers), are not in its first load.
 */
export function MappingArea({ state, dispatch, family, preview, labels, post }: MappingAreaProps) {
  const { file, encoding, delimiter, phase } = state;
  const autoMapping = useMemo<Mapping>(
    () => autoMap(preview.headers, family, labels, state.saved),
    [family, preview, labels, state.saved],
  );
  const mapping = currentMapping(state, autoMapping);

  const ready = !!(file && encoding && delimiter);
  // Columns the console does not know are left out only once the user has looked at them and agreed.
  const unknownKey = ready ? unknownColumnsKey(preview.headers, family, mapping) : '';
  const canCheck =
    ready &&
    missingColumns(family, mapping).length === 0 &&
    (unknownKey === '' || state.acknowledged === unknownKey) &&
    phase === 'idle';

  function runCheck() {
    if (!canCheck || !file || !encoding || !delimiter) return;
    dispatch({ type: 'checkStarted' });
    saveMapping(family.name, toSaved(preview.headers, mapping));
    post({ type: 'check', file, encoding, delimiter, family: family.name, mapping, sheet: state.sheet ?? undefined });
  }

  return (
    <MappingStep
      state={state}
      family={family}
      preview={preview}
      mapping={mapping}
      labels={labels}
      setMapping={(next) => dispatch({ type: 'mappingEdited', basis: autoMapping, mapping: next })}
      dispatch={dispatch}
      canCheck={canCheck}
      onCheck={runCheck}
    />
  );
}
