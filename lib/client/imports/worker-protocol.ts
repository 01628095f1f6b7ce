import type { CheckCounts, CheckedRow } from '@/lib/csv/check';
import type { Detected, Encoding } from '@/lib/csv/encoding';
import type { FamilyName } from '@/lib/csv/families';
import type { Mapping } from '@/lib/csv/mapping';
import type { Delimiter, FileError } from '@/lib/csv/parse';

/** Messages between the New import page and its worker (import.worker.ts). */

export type ToWorker =
  | { type: 'preview'; file: File; encoding?: Encoding; delimiter?: Delimiter }
  | { type: 'check'; file: File; encoding: Encoding; delimiter: Delimiter; family: FamilyName; mapping: Mapping }
  | { type: 'send'; fileName: string };

export type PreviewResult = {
  detected: Detected;
  encoding: Encoding;
  delimiter: Delimiter;
  headers: string[];
  rows: string[][];
  error?: FileError;
};

/** Rows with an error or a warning are returned for display, up to this many. */
export const ISSUE_ROWS_SHOWN = 1_000;

export type CheckResult = {
  headers: string[];
  counts: CheckCounts;
  /** Rows with errors or warnings, in file order (at most ISSUE_ROWS_SHOWN). */
  issueRows: Pick<CheckedRow, 'line' | 'errors' | 'warnings'>[];
  error?: FileError;
};

export type FromWorker =
  | { type: 'preview'; result: PreviewResult }
  | { type: 'progress'; phase: 'decode' | 'parse' | 'check' | 'upload'; done: number; total: number }
  | { type: 'checked'; result: CheckResult }
  | { type: 'sent'; importId: string }
  | { type: 'failed'; code: string; status?: number; activeImportId?: string };
