import type { PredictedKind } from './console/import-files';
import type { RowStatus } from './console/imports';

/**
 * The one set of words a row's outcome is told in (issue 54 point 3), on every screen and download of an import,
 * a resend, a revert and a bulk edit (all of them are imports): `resultWords.<word>` in the catalogues, their
 * meaning in docs/result-words.md. A row the service left as it was is "unchanged" whether it was skipped
 * before sending or sent and answered so: to the person both mean the record already held these values.
 */
export const RESULT_WORDS = [
  'created',
  'updated',
  'unchanged',
  'written',
  'refused',
  'unknown',
  'notSent',
  'sentForApproval',
  'waiting',
  'sending',
] as const;
export type ResultWord = (typeof RESULT_WORDS)[number];

const OF_STATUS: Record<RowStatus, ResultWord> = {
  created: 'created',
  updated: 'updated',
  // The service accepted the row without saying whether it created or changed anything (stock, prices, quotas).
  ok: 'written',
  failed: 'refused',
  unknown: 'unknown',
  not_sent: 'notSent',
  skipped: 'unchanged',
  proposed: 'sentForApproval',
  pending: 'waiting',
  sending: 'sending',
};

/** A row's word: "unchanged" also for a row sent as the comparison said, changing nothing. */
export function resultWord(status: RowStatus, predicted?: PredictedKind | null): ResultWord {
  return status === 'updated' && predicted === 'same' ? 'unchanged' : OF_STATUS[status];
}
