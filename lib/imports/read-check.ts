import { checkFile, issueRows, type CheckCounts, type FileCheck, type IssueRow } from './check';
import type { Family } from './families';
import type { Mapping } from './mapping';
import type { FileError, ParsedRow } from '../files/csv-parse';
import { readCsvBytes, type ReadOptions, type ReadResult } from '../files/csv-read';

/**
 * Everything the import worker does between "Check" and the summary the user sees: read the bytes (encoding,
 * delimiter, parse), check every row, and the summary it posts back. The bench times this same function.
 */
export type CheckSummary = {
  headers: string[];
  counts: CheckCounts;
  /** Rows with errors or warnings, in file order (at most `shown`). */
  issueRows: IssueRow[];
  error?: ReadResult['error'];
};

/** The check and its summary for rows already read (a CSV's, or a workbook sheet's). */
export function checkParsed(
  read: { headers: string[]; rows: ParsedRow[]; malformedLines: number[]; error?: FileError },
  family: Family,
  mapping: Mapping,
  options: { shown: number; onCheckProgress?: (done: number, total: number) => void },
): { check: FileCheck | null; summary: CheckSummary } {
  if (read.error)
    return {
      check: null,
      summary: {
        headers: read.headers,
        counts: { rows: 0, toSend: 0, heldBack: 0, warned: 0 },
        issueRows: [],
        error: read.error,
      },
    };
  const check = checkFile(family, read.headers, mapping, read.rows, read.malformedLines, options.onCheckProgress);
  return {
    check,
    summary: { headers: read.headers, counts: check.counts, issueRows: issueRows(read.rows, check, options.shown) },
  };
}

export async function readAndCheck(
  bytes: Uint8Array,
  family: Family,
  mapping: Mapping,
  options: ReadOptions & { shown: number; onCheckProgress?: (done: number, total: number) => void },
): Promise<{ read: ReadResult; check: FileCheck | null; summary: CheckSummary }> {
  const read = await readCsvBytes(bytes, options);
  if (read.error) {
    const counts = { rows: 0, toSend: 0, heldBack: 0, warned: 0 };
    return { read, check: null, summary: { headers: read.headers, counts, issueRows: [], error: read.error } };
  }
  const check = checkFile(family, read.headers, mapping, read.rows, read.malformedLines, options.onCheckProgress);
  return {
    read,
    check,
    summary: { headers: read.headers, counts: check.counts, issueRows: issueRows(read.rows, check, options.shown) },
  };
}
