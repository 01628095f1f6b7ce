/// <reference lib="webworker" />
import { checkFile, issueRows, itemMaker, NO_ISSUES, type RowIssues } from '@/lib/csv/check';
import { checkParsed, readAndCheck } from '@/lib/csv/read-check';
import { isWorkbook, sheetRows } from '@/lib/csv/workbook';
import { FAMILIES, type FamilyName } from '@/lib/csv/families';
import type { Mapping } from '@/lib/csv/mapping';
import type { Delimiter, FileError, ParsedRow } from '@/lib/csv/parse';
import { readCsvBytes } from '@/lib/csv/read';
import type { Encoding } from '@/lib/csv/encoding';
import { compareItem, COMPARE_SOURCES, indexLive, isComparable, readBefore, type CompareKind, type LiveRecord } from '@/lib/csv/compare';
import { lostLeadingZeros, paddedCodes, withRestoredCodes } from '@/lib/csv/lost-zeros';
import { buildReferences, predictRefusal, referencesNeeded, type References } from '@/lib/csv/predict';
import { fetchAllPages } from '../lists';
import { ApiError } from '../api-error';
import { uploadAndStart, UploadStoppedError } from './upload';
import { COMPARE_ROWS_SHOWN, ISSUE_ROWS_SHOWN, type CompareResult, type FromWorker, type ToWorker } from './worker-protocol';

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
  /** What each row would do to the live records, once compared. */
  compared?: (CompareKind | null)[];
  /** The old values each row's comparison read, for History. */
  befores?: (Record<string, unknown> | null)[];
  /** Rows whose ERP code lost its leading zeros to Excel, by row index, with the code to use. */
  restorable?: Map<number, string>;
} | null = null;


const post = (message: FromWorker) => self.postMessage(message);

async function bytesOf(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

/**
 * The chosen sheet of a workbook (the first unless named), each cell as stored (numbers as the file's own
 * text). The reader (fflate + saxen, ./lib/csv/xlsx-read.ts) loads only when a workbook is chosen.
 */
async function workbookSheet(file: File, sheet: string | undefined) {
  const { readWorkbook, WorkbookError } = await import('@/lib/csv/xlsx-read');
  try {
    const read = readWorkbook(await bytesOf(file), sheet);
    return { names: read.sheets, name: read.sheet, ...sheetRows(read.data) };
  } catch (error) {
    if (!(error instanceof WorkbookError)) throw error;
    const unreadable: FileError = { code: 'workbook_unreadable' };
    return { names: [], name: '', headers: [], rows: [], headerLine: 1, error: unreadable };
  }
}

const WORKBOOK_READ = { detected: { encoding: 'utf-8', bomLength: 0, basis: 'valid' }, encoding: 'utf-8', delimiter: ',' } as const;

async function preview(file: File, encoding?: Encoding, delimiter?: Delimiter, sheet?: string) {
  if (isWorkbook(file.name, new Uint8Array(await file.slice(0, 4).arrayBuffer()))) {
    const read = await workbookSheet(file, sheet);
    post({
      type: 'preview',
      result: { ...WORKBOOK_READ, headers: read.headers, rows: read.rows.slice(0, PREVIEW_ROWS).map((r) => r.cells), error: read.error, workbook: { sheets: read.names, sheet: read.name } },
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
    if (check) checked = { family: message.family, encoding: 'utf-8', delimiter: ',', headers: read.headers, mapping: message.mapping, rows: read.rows, malformedLines: [], issues: check.issues };
    post({ type: 'checked', result: summary });
    return;
  }
  const { read, check, summary } = await readAndCheck(await bytesOf(message.file), FAMILIES[message.family], message.mapping, {
    encoding: message.encoding,
    delimiter: message.delimiter,
    shown: ISSUE_ROWS_SHOWN,
    onProgress: (phase, done, total) => post({ type: 'progress', phase, done, total }),
    onCheckProgress: (done, total) => post({ type: 'progress', phase: 'check', done, total }),
  });
  if (check) {
    checked = { family: message.family, encoding: read.encoding, delimiter: read.delimiter, headers: read.headers, mapping: message.mapping, rows: read.rows, malformedLines: read.malformedLines, issues: check.issues };
  }
  post({ type: 'checked', result: summary });
}

/** The ids the rows refer to (products, categories, component SKUs, salespeople), read only when the file fills those fields. */
async function readReferences(family: FamilyName, mapping: Mapping): Promise<References> {
  const need = referencesNeeded(family, new Set(mapping.filter((m): m is string => m !== null)));
  const all = <L extends Parameters<typeof fetchAllPages>[0]>(list: L, on: boolean) => (on ? fetchAllPages(list, {}) : Promise.resolve(undefined));
  const [products, bundles, categories, skus, internalUsers] = await Promise.all([
    all('products', need.products),
    all('bundles', need.products || need.skus),
    all('productCategories', need.categories),
    all('skus', need.skus),
    all('internalUsers', need.internalUsers),
  ]);
  return buildReferences({ products, bundles, categories, skus, internalUsers });
}

/**
 * "Compare with live data": reads the family's records once (every page) and compares each row to send; a row
 * that would create or update is then checked against what the service would refuse (./predict).
 */
async function compare() {
  if (!checked) throw new ApiError({ status: 0, code: 'nothing_checked', kind: 'not_sent' });
  const family = checked.family;
  if (!isComparable(family)) throw new ApiError({ status: 0, code: 'compare_unsupported', kind: 'not_sent' });
  const { list } = COMPARE_SOURCES[family];
  const [records, refs] = await Promise.all([
    fetchAllPages(list, {}, {
      onProgress: (p) => post({ type: 'progress', phase: 'compare', done: p.fetched, total: p.total }),
    }) as Promise<LiveRecord[]>,
    readReferences(family, checked.mapping),
  ]);
  const live = indexLive(family, records);
  const padded = paddedCodes(family, records);
  const restorable = new Map<number, string>();
  const result: CompareResult = { counts: { create: 0, update: 0, same: 0, not_found: 0, ambiguous: 0, would_fail: 0 }, byCode: 0, records: records.length, rows: [] };
  const listed: Record<CompareKind, number> = { create: 0, update: 0, same: 0, not_found: 0, ambiguous: 0, would_fail: 0 };
  const { issues } = checked;
  const itemOf = itemMaker(FAMILIES[family], checked.mapping);
  const befores: (Record<string, unknown> | null)[] = [];
  const kinds: (CompareKind | null)[] = checked.rows.map((row, r) => {
    if (issues.get(r)?.errors.length) return null;
    const item = itemOf(row.cells);
    const c = compareItem(family, item, live);
    befores[r] = readBefore(family, item, c);
    // A code Excel stripped of its zeros would rename or duplicate a record: it fails until the zeros are back.
    const lost = lostLeadingZeros(family, item, c, padded);
    if (lost?.restored) restorable.set(r, lost.restored);
    const reason = lost?.issue ?? (c.kind === 'create' || c.kind === 'update' || c.kind === 'same' ? predictRefusal(family, item, refs) : null);
    const kind: CompareKind = reason ? 'would_fail' : c.kind;
    result.counts[kind]++;
    if (c.byCode && kind === 'update') result.byCode++;
    if (listed[kind]++ < COMPARE_ROWS_SHOWN) result.rows.push({ line: row.line, ...c, kind, ...(reason ? { reason } : {}) });
    return kind;
  });
  checked.compared = kinds;
  checked.befores = befores;
  checked.restorable = restorable;
  if (restorable.size) result.restorable = restorable.size;
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
  checked = { ...checked, rows, issues: check.issues, compared: undefined, befores: undefined, restorable: undefined };
  post({ type: 'rechecked', result: { headers: checked.headers, counts: check.counts, issueRows: issueRows(rows, check, ISSUE_ROWS_SHOWN) } });
  await compare();
}

async function send(fileName: string, skipUnchanged: boolean) {
  if (!checked) throw new ApiError({ status: 0, code: 'nothing_checked', kind: 'not_sent' });
  const { rows, issues, compared, befores } = checked;
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
        return {
          rowNo: from + i,
          line: row.line,
          cells: row.cells,
          item: errors.length ? null : itemOf(row.cells),
          errors,
          warnings,
          ...(skipUnchanged && compared?.[from + i] === 'same' ? { skip: true as const } : {}),
          // Compared with live data: the old values read go with the row, for History.
          ...(befores?.[from + i] ? { before: befores[from + i] } : {}),
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
    else await send(message.fileName, message.skipUnchanged === true);
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
      post({ type: 'failed', code: error.code, status: error.status, ...(typeof active === 'string' ? { activeImportId: active } : {}) });
    } else {
      post({ type: 'failed', code: 'worker_error' });
    }
  }
};
