/// <reference lib="webworker" />
import { checkFile, issueRows, itemMaker, NO_ISSUES, type RowIssues } from '@/lib/imports/check';
import { checkParsed, readAndCheck } from '@/lib/imports/read-check';
import { isWorkbook, sheetRows } from '@/lib/files/workbook';
import { FAMILIES, type FamilyName } from '@/lib/imports/families';
import type { Mapping } from '@/lib/imports/mapping';
import type { Delimiter, FileError, ParsedRow } from '@/lib/files/csv-parse';
import { readCsvBytes } from '@/lib/files/csv-read';
import type { Encoding } from '@/lib/files/encoding';
import { isComparable } from '@/lib/imports/compare';
import { withRestoredCodes } from '@/lib/imports/lost-zeros';
import { EXCEL_SCIENTIFIC } from '@/lib/imports/excel-damage';
import { compareRows, failsPredicted, type RowPrediction } from './compare-rows';
import { ApiError } from '../api-error';
import { uploadAndStart, UploadStoppedError } from './upload';
import { ISSUE_ROWS_SHOWN, type FromWorker, type ToWorker } from './worker-protocol';

/**
 * Reads, checks and uploads a CSV file off the main thread, so a 200,000-row file never freezes the tab.
 * The checked rows stay here between the check and the upload (they are not copied to the page).
 */

declare const self: DedicatedWorkerGlobalScope;

const PREVIEW_ROWS = 5;

let checked: {
  family: FamilyName;
  encoding: Encoding;
  delimiter: Delimiter;
  headers: string[];
  mapping: Mapping;
  /** The rows as read; each one's batch item is made again from its cells when it is needed. */
  rows: readonly ParsedRow[];
  /** Lines the CSV reader found malformed, for a check run again. */
  malformedLines: number[];
  /** The issues of the rows that have any, by row index. */
  issues: Map<number, RowIssues>;
  /** What each row would do to the live records, once compared (null: held back by the check). */
  predictions?: (RowPrediction | null)[];
  /** Rows whose ERP code lost its leading zeros to Excel, by row index, with the code to use. */
  restorable?: Map<number, string>;
} | null = null;

const post = (message: FromWorker) => self.postMessage(message);

async function bytesOf(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * The chosen sheet of a workbook (the first unless named), each cell as stored (numbers as the file's own
 * text). The reader (fflate + saxen, ./lib/files/xlsx-read.ts) loads only when a workbook is chosen.
 */
async function workbookSheet(file: File, sheet: string | undefined) {
  const { readWorkbook, WorkbookError } = await import('@/lib/files/xlsx-read');
  try {
    const read = readWorkbook(await bytesOf(file), sheet);
    return { names: read.sheets, name: read.sheet, ...sheetRows(read.data) };
  } catch (error) {
    if (!(error instanceof WorkbookError)) throw error;
    const unreadable: FileError = { code: 'workbook_unreadable' };
    return { names: [], name: '', headers: [], rows: [], headerLine: 1, error: unreadable };
  }
}

const WORKBOOK_READ = {
  detected: { encoding: 'utf-8', bomLength: 0, basis: 'valid' },
  encoding: 'utf-8',
  delimiter: ',',
} as const;

async function preview(file: File, encoding?: Encoding, delimiter?: Delimiter, sheet?: string) {
  if (isWorkbook(file.name, new Uint8Array(await file.slice(0, 4).arrayBuffer()))) {
    const read = await workbookSheet(file, sheet);
    post({
      type: 'preview',
      result: {
        ...WORKBOOK_READ,
        headers: read.headers,
        rows: read.rows.slice(0, PREVIEW_ROWS).map((r) => r.cells),
        error: read.error,
        workbook: { sheets: read.names, sheet: read.name },
      },
    });
    return;
  }
  const result = await readCsvBytes(await bytesOf(file), { encoding, delimiter, preview: PREVIEW_ROWS });
  post({
    type: 'preview',
    result: {
      detected: result.detected,
      encoding: result.encoding,
      delimiter: result.delimiter,
      headers: result.headers,
      rows: result.rows.map((r) => r.cells),
      error: result.error,
    },
  });
}

async function check(message: Extract<ToWorker, { type: 'check' }>) {
  checked = null;
  if (isWorkbook(message.file.name, new Uint8Array(await message.file.slice(0, 4).arrayBuffer()))) {
    const read = await workbookSheet(message.file, message.sheet);
    const { check, summary } = checkParsed({ ...read, malformedLines: [] }, FAMILIES[message.family], message.mapping, {
      shown: ISSUE_ROWS_SHOWN,
      onCheckProgress: (done, total) => post({ type: 'progress', phase: 'check', done, total }),
    });
    if (check)
      checked = {
        family: message.family,
        encoding: 'utf-8',
        delimiter: ',',
        headers: read.headers,
        mapping: message.mapping,
        rows: read.rows,
        malformedLines: [],
        issues: check.issues,
      };
    post({ type: 'checked', result: summary });
    return;
  }
  const { read, check, summary } = await readAndCheck(
    await bytesOf(message.file),
    FAMILIES[message.family],
    message.mapping,
    {
      encoding: message.encoding,
      delimiter: message.delimiter,
      shown: ISSUE_ROWS_SHOWN,
      onProgress: (phase, done, total) => post({ type: 'progress', phase, done, total }),
      onCheckProgress: (done, total) => post({ type: 'progress', phase: 'check', done, total }),
    },
  );
  if (check) {
    checked = {
      family: message.family,
      encoding: read.encoding,
      delimiter: read.delimiter,
      headers: read.headers,
      mapping: message.mapping,
      rows: read.rows,
      malformedLines: read.malformedLines,
      issues: check.issues,
    };
  }
  post({ type: 'checked', result: summary });
}

/**
 * "Compare with live data" (./compare-rows): what each checked row would do, kept here for the send (which rows
 * to skip or hold back, the old values read, the prediction to count a misprediction by).
 */
async function compare() {
  if (!checked) throw new ApiError({ status: 0, code: 'nothing_checked', kind: 'not_sent' });
  const family = checked.family;
  if (!isComparable(family)) throw new ApiError({ status: 0, code: 'compare_unsupported', kind: 'not_sent' });
  const { issues } = checked;
  const { result, predictions, restorable } = await compareRows(
    family,
    checked.mapping,
    checked.rows.map((row, r) => {
      const errors = issues.get(r)?.errors ?? [];
      return {
        line: row.line,
        cells: row.cells,
        held: errors.length > 0,
        damage: errors.find((e) => e.code === EXCEL_SCIENTIFIC),
      };
    }),
    (done, total) => post({ type: 'progress', phase: 'compare', done, total }),
  );
  checked.predictions = predictions;
  checked.restorable = restorable;
  post({ type: 'compared', result });
}

/**
 * "Use the codes with their leading zeros": every row whose ERP code is a live code without its zeros takes
 * that code, in one step; the rows are checked and compared again, so the user sees them turn into updates.
 * Rows whose code reads as several live codes are left as they are (still failing).
 */
async function restoreZeros() {
  if (!checked?.restorable?.size) throw new ApiError({ status: 0, code: 'nothing_checked', kind: 'not_sent' });
  const column = checked.mapping.indexOf('outerSysCode');
  const rows = withRestoredCodes(checked.rows, column, checked.restorable);
  const check = checkFile(FAMILIES[checked.family], checked.headers, checked.mapping, rows, checked.malformedLines);
  checked = { ...checked, rows, issues: check.issues, predictions: undefined, restorable: undefined };
  post({
    type: 'rechecked',
    result: { headers: checked.headers, counts: check.counts, issueRows: issueRows(rows, check, ISSUE_ROWS_SHOWN) },
  });
  await compare();
}

async function send(fileName: string, skipUnchanged: boolean, holdBack: boolean) {
  if (!checked) throw new ApiError({ status: 0, code: 'nothing_checked', kind: 'not_sent' });
  const { rows, issues, predictions } = checked;
  const itemOf = itemMaker(FAMILIES[checked.family], checked.mapping);
  const description = {
    family: checked.family,
    fileName,
    encoding: checked.encoding,
    delimiter: checked.delimiter,
    headers: checked.headers,
    mapping: checked.mapping,
    totalRows: rows.length,
  };
  const id = await uploadAndStart(
    description,
    (from, to) =>
      rows.slice(from, to).map((row, i) => {
        const { errors, warnings } = issues.get(from + i) ?? { errors: NO_ISSUES, warnings: NO_ISSUES };
        const predicted = predictions?.[from + i];
        // A row the service would refuse is stopped here, like a row with a check error: not sent, with why.
        if (holdBack && predicted && failsPredicted(predicted.kind) && predicted.reason) {
          return {
            rowNo: from + i,
            line: row.line,
            cells: row.cells,
            item: null,
            errors: [predicted.reason],
            warnings,
          };
        }
        return {
          rowNo: from + i,
          line: row.line,
          cells: row.cells,
          item: errors.length ? null : itemOf(row.cells),
          errors,
          warnings,
          ...(skipUnchanged && predicted?.kind === 'same' ? { skip: true as const } : {}),
          // Compared with live data: the old values read go with the row, for History, and what it was
          // predicted to do, so a refusal the comparison did not foresee is counted as a misprediction.
          ...(predicted?.before ? { before: predicted.before } : {}),
          ...(predicted && !failsPredicted(predicted.kind)
            ? { predicted: predicted.kind as 'create' | 'update' | 'same' }
            : {}),
        };
      }),
    (done) => post({ type: 'progress', phase: 'upload', done, total: rows.length }),
  );
  checked = null;
  post({ type: 'sent', importId: id });
}

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  try {
    if (message.type === 'preview') await preview(message.file, message.encoding, message.delimiter, message.sheet);
    else if (message.type === 'check') await check(message);
    else if (message.type === 'compare') await compare();
    else if (message.type === 'restoreZeros') await restoreZeros();
    else await send(message.fileName, message.skipUnchanged === true, message.holdBack !== false);
  } catch (error) {
    if (error instanceof UploadStoppedError) {
      post({
        type: 'failed',
        code: error.failure.code,
        status: error.failure.status,
        startedImportId: error.importId,
        ...(error.started === 'unknown' ? { startUnknown: true } : {}),
      });
    } else if (error instanceof ApiError) {
      const active = error.body.activeImportId;
      post({
        type: 'failed',
        code: error.code,
        status: error.status,
        during: message.type,
        ...(typeof active === 'string' ? { activeImportId: active } : {}),
      });
    } else {
      post({ type: 'failed', code: 'worker_error', during: message.type });
    }
  }
};
