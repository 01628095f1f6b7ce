import type { CheckSummary } from '@/lib/imports/read-check';
import type { Detected, Encoding } from '@/lib/files/encoding';
import type { FamilyName } from '@/lib/imports/families';
import type { RowIssue } from '@/lib/imports/check';
import type { Change, CompareKind } from '@/lib/imports/compare';
import type { Mapping } from '@/lib/imports/mapping';
import type { Delimiter, FileError } from '@/lib/files/csv-parse';

/** Messages between the New import page and its worker (import.worker.ts). */

export type ToWorker =
  | { type: 'preview'; file: File; encoding?: Encoding; delimiter?: Delimiter; sheet?: string }
  | {
      type: 'check';
      file: File;
      encoding: Encoding;
      delimiter: Delimiter;
      family: FamilyName;
      mapping: Mapping;
      sheet?: string;
    }
  | { type: 'compare' }
  /** Put the leading zeros back in every ERP code the comparison found without them, then check and compare again. */
  | { type: 'restoreZeros' }
  /** holdBack: rows the comparison says the service would refuse stay unsent, with the reason (the default). */
  | { type: 'send'; fileName: string; skipUnchanged?: boolean; holdBack?: boolean };

export type PreviewResult = {
  detected: Detected;
  encoding: Encoding;
  delimiter: Delimiter;
  headers: string[];
  rows: string[][];
  error?: FileError;
  /** A workbook (.xlsx): its sheets and the one read (the first unless chosen). */
  workbook?: { sheets: string[]; sheet: string };
};

/** Rows with an error or a warning are returned for display, up to this many. */
export const ISSUE_ROWS_SHOWN = 1_000;

export type CheckResult = CheckSummary;

export type FromWorker =
  | { type: 'preview'; result: PreviewResult }
  | { type: 'progress'; phase: 'decode' | 'parse' | 'check' | 'compare' | 'upload'; done: number; total: number }
  | { type: 'compared'; result: CompareResult }
  | { type: 'checked'; result: CheckResult }
  /** The check again after the worker changed rows (restored codes); a comparison follows by itself. */
  | { type: 'rechecked'; result: CheckResult }
  | { type: 'sent'; importId: string }
  /**
   * startedImportId: the upload stopped after the start (startUnknown: the start's answer was lost). during:
   * the step that failed ("compare": the comparison with live data, which starts nothing and sends nothing).
   */
  | {
      type: 'failed';
      code: string;
      status?: number;
      activeImportId?: string;
      startedImportId?: string;
      startUnknown?: boolean;
      during?: ToWorker['type'];
    };

/** Rows listed by "Compare with live data", up to this many of each kind. */
export const COMPARE_ROWS_SHOWN = 500;

export type CompareResult = {
  /** Rows that would be sent (the check passed), by what they would do. */
  counts: Record<CompareKind, number>;
  /** Updates of a record matched by ERP code, not by id. */
  byCode: number;
  /** Records read from the service. */
  records: number;
  rows: CompareRow[];
  /** Rows whose ERP code is a live code without its leading zeros ("Use the codes with their leading zeros"). */
  restorable?: number;
  /**
   * Rows the check held back for Excel's damage (a barcode in scientific notation): counted and listed as
   * would fail with their reason, so the comparison accounts for every row Excel hurt; held back whatever the
   * "Hold back" choice says.
   */
  damaged?: number;
};

export type CompareRow = {
  line: number;
  kind: CompareKind;
  recordId: number | null;
  changes: Change[];
  byCode: boolean;
  /** Why the service would refuse the row (kind 'would_fail'). */
  reason?: RowIssue;
  /** What the row does that may not be what was meant (a SKU moving to another product). */
  note?: RowIssue;
};
