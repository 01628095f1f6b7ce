import type { RowStatus } from '@/lib/contract/console/imports';

/**
 * The words an import's outcome is told in, chosen here once so the results page, the Imports list and the
 * results download never contradict each other or the review that came before: rows skipped as unchanged are
 * not "not succeeded", and a row the comparison said changes nothing is not "updated" when the service
 * answered so for it. Each function returns a catalogue key (namespace `imports`) with its values.
 */

type Counts = Readonly<Record<RowStatus, number>>;

export type ResultSentence =
  | { key: 'result.allUnchanged'; values: { count: number } }
  | { key: 'result.nothingSent'; values: { notSent: number; unchanged: number; proposed: number } }
  | {
      key: 'result.succeededOf';
      values: { done: number; total: number; unchanged: number; notSent: number; proposed: number };
    };

/** The one sentence under an ended import's counts. */
export function resultSentence(counts: Counts, totalRows: number): ResultSentence {
  const done = counts.created + counts.updated + counts.ok;
  const sent = done + counts.failed + counts.unknown;
  const unchanged = counts.skipped;
  const notSent = counts.not_sent;
  // Rows sent for approval wait for a manager: neither succeeded nor failed yet, told apart like unchanged ones.
  const proposed = counts.proposed;
  if (sent === 0 && unchanged > 0 && notSent === 0 && proposed === 0)
    return { key: 'result.allUnchanged', values: { count: unchanged } };
  if (sent === 0) return { key: 'result.nothingSent', values: { notSent, unchanged, proposed } };
  // Rows skipped as unchanged were never meant to succeed or fail: they are told apart, not counted as missing.
  return {
    key: 'result.succeededOf',
    values: { done, total: totalRows - unchanged - proposed, unchanged, notSent, proposed },
  };
}

export type EndedWords =
  | { key: 'jobState.succeeded'; values: Record<string, never> }
  | {
      key: 'result.finishedWith';
      values: { failed: number; unknown: number; notSent: number; mispredicted: number; proposed: number };
    };

/** An ended import's state in the Imports list: "Finished", or "Finished, 3 not sent, 1 mispredicted". */
export function finishedWords(counts: Counts, mispredicted: number): EndedWords {
  const values = {
    failed: counts.failed,
    unknown: counts.unknown,
    notSent: counts.not_sent,
    mispredicted,
    proposed: counts.proposed,
  };
  return Object.values(values).some((n) => n > 0)
    ? { key: 'result.finishedWith', values }
    : { key: 'jobState.succeeded', values: {} };
}

/** A row's status word (`resultWords.<word>`): the contract's one set of result words. */
export { resultWord as rowWord, type ResultWord as RowWord } from '@/lib/contract/result-words';
