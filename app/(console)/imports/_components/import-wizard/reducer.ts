import type { CheckResult, CompareResult, PreviewResult } from '@/lib/client/imports/worker-protocol';
import { isComparable } from '@/lib/imports/compare';
import type { Encoding } from '@/lib/files/encoding';
import type { FamilyName } from '@/lib/imports/families';
import type { Mapping, SavedMapping } from '@/lib/imports/mapping';
import type { Delimiter } from '@/lib/files/csv-parse';

/**
 * The New import wizard as one state and one reducer: choose the family, the file, the mapping, check, compare,
 * send. Every step's component reads this state and dispatches; only the worker and the saved mapping are
 * effects (./use-import-worker.ts).
 */

/** "Compare with live data" runs by itself after the check for files up to this many rows. */
export const AUTO_COMPARE_ROWS = 20_000;

export type Progress = { phase: 'decode' | 'parse' | 'check' | 'compare' | 'upload'; done: number; total: number };
export type Phase = 'idle' | 'previewing' | 'checking' | 'comparing' | 'sending';
/** during: the worker's step that failed; a failed comparison ("compare", "restoreZeros") started nothing. */
export type SendFailure = {
  code: string;
  activeImportId?: string;
  startedImportId?: string;
  startUnknown?: boolean;
  during?: string;
};

export interface WizardState {
  family: FamilyName | '';
  file: File | null;
  encoding: Encoding | null;
  delimiter: Delimiter | null;
  /** The sheet of a workbook to read (null: the first). */
  sheet: string | null;
  preview: PreviewResult | null;
  /** The user's changes to the automatic mapping; they apply while `basis` is still the automatic mapping. */
  edited: { basis: Mapping; mapping: Mapping } | null;
  saved: SavedMapping;
  /** The unknown columns the user agreed to leave out (their names joined); a different set asks again. */
  acknowledged: string | null;
  check: CheckResult | null;
  phase: Phase;
  progress: Progress | null;
  failure: SendFailure | null;
  compared: CompareResult | null;
  skipUnchanged: boolean;
  /** Rows the comparison says the service would refuse are not sent (on unless the user says otherwise). */
  holdBack: boolean;
}

export const initialState: WizardState = {
  family: '',
  file: null,
  encoding: null,
  delimiter: null,
  sheet: null,
  preview: null,
  edited: null,
  saved: {},
  acknowledged: null,
  check: null,
  phase: 'idle',
  progress: null,
  failure: null,
  compared: null,
  skipUnchanged: true,
  holdBack: true,
};

export type WizardAction =
  | { type: 'familyChosen'; family: FamilyName | '' }
  | { type: 'savedLoaded'; saved: SavedMapping }
  | { type: 'fileChosen'; file: File | null; encoding?: Encoding; delimiter?: Delimiter; sheet?: string }
  | { type: 'previewed'; result: PreviewResult }
  | { type: 'mappingEdited'; basis: Mapping; mapping: Mapping }
  | { type: 'unusedAcknowledged'; columns: string | null }
  | { type: 'checkStarted' }
  | { type: 'checked'; result: CheckResult }
  | { type: 'compareStarted' }
  /** "Use the codes with their leading zeros": the worker changes the rows, checks and compares them again. */
  | { type: 'restoreStarted' }
  | { type: 'rechecked'; result: CheckResult }
  | { type: 'compared'; result: CompareResult }
  | { type: 'progress'; progress: Progress }
  | { type: 'sendStarted' }
  | { type: 'failed'; failure: SendFailure }
  | { type: 'skipUnchangedSet'; value: boolean }
  | { type: 'holdBackSet'; value: boolean };

/** Whether the check's result starts "Compare with live data" by itself. */
export function autoCompares(family: FamilyName | '', result: CheckResult): boolean {
  return (
    !result.error &&
    result.counts.toSend > 0 &&
    result.counts.rows <= AUTO_COMPARE_ROWS &&
    family !== '' &&
    isComparable(family)
  );
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'familyChosen':
      return { ...state, family: action.family, check: null, compared: null, acknowledged: null };
    case 'savedLoaded':
      return { ...state, saved: action.saved };
    case 'fileChosen':
      if (!action.file)
        return { ...state, file: null, preview: null, check: null, compared: null, failure: null, acknowledged: null };
      return {
        ...state,
        file: action.file,
        encoding: action.encoding ?? state.encoding,
        delimiter: action.delimiter ?? state.delimiter,
        sheet: action.sheet ?? (action.file === state.file ? state.sheet : null),
        check: null,
        compared: null,
        failure: null,
        acknowledged: null,
        phase: 'previewing',
      };
    case 'previewed':
      return {
        ...state,
        preview: action.result,
        encoding: action.result.encoding,
        delimiter: action.result.delimiter,
        sheet: action.result.workbook?.sheet ?? null,
        phase: 'idle',
      };
    case 'mappingEdited':
      return { ...state, edited: { basis: action.basis, mapping: action.mapping }, check: null, compared: null };
    case 'unusedAcknowledged':
      return { ...state, acknowledged: action.columns };
    case 'checkStarted':
      return { ...state, check: null, compared: null, failure: null, phase: 'checking' };
    case 'checked':
      return {
        ...state,
        check: action.result,
        compared: null,
        progress: null,
        phase: autoCompares(state.family, action.result) ? 'comparing' : 'idle',
      };
    case 'compareStarted':
    case 'restoreStarted':
      return { ...state, phase: 'comparing' };
    case 'rechecked':
      // The previous comparison stays in view until the new one arrives, so the rows are seen to change.
      return { ...state, check: action.result, phase: 'comparing' };
    case 'compared':
      return { ...state, compared: action.result, phase: 'idle', progress: null };
    case 'progress':
      return { ...state, progress: action.progress };
    case 'sendStarted':
      return { ...state, failure: null, phase: 'sending' };
    case 'failed':
      return { ...state, failure: action.failure, phase: 'idle', progress: null };
    case 'skipUnchangedSet':
      return { ...state, skipUnchanged: action.value };
    case 'holdBackSet':
      return { ...state, holdBack: action.value };
  }
}

/** The mapping in force: the user's edits while they still apply to this automatic mapping. */
export function currentMapping(state: WizardState, automatic: Mapping): Mapping {
  return state.edited && state.edited.basis === automatic ? state.edited.mapping : automatic;
}
