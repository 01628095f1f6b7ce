/// <reference lib="webworker" />
import { checkRows, type CheckedRow } from '@/lib/csv/check';
import { FAMILIES, type FamilyName } from '@/lib/csv/families';
import type { Mapping } from '@/lib/csv/mapping';
import type { Delimiter } from '@/lib/csv/parse';
import { readCsvBytes } from '@/lib/csv/read';
import type { Encoding } from '@/lib/csv/encoding';
import { ImportApiError, importsFetch } from './api';
import { ISSUE_ROWS_SHOWN, type FromWorker, type ToWorker } from './worker-protocol';

/**
 * Reads, checks and uploads a CSV file off the main thread, so a 200,000-row file never freezes the tab.
 * The checked rows stay here between the check and the upload (they are not copied to the page).
 */

declare const self: DedicatedWorkerGlobalScope;

const PREVIEW_ROWS = 5;
const UPLOAD_PART_ROWS = 5_000;

let checked: {
  family: FamilyName;
  encoding: Encoding;
  delimiter: Delimiter;
  headers: string[];
  mapping: Mapping;
  rows: CheckedRow[];
} | null = null;

const post = (message: FromWorker) => self.postMessage(message);

async function bytesOf(file: File): Promise<Uint8Array> {
  return new Uint8Array(await file.arrayBuffer());
}

async function preview(file: File, encoding?: Encoding, delimiter?: Delimiter) {
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
  const read = await readCsvBytes(await bytesOf(message.file), {
    encoding: message.encoding,
    delimiter: message.delimiter,
    onProgress: (phase, done, total) => post({ type: 'progress', phase, done, total }),
  });
  if (read.error) {
    post({ type: 'checked', result: { headers: read.headers, counts: { rows: 0, toSend: 0, heldBack: 0, warned: 0 }, issueRows: [], error: read.error } });
    return;
  }
  const family = FAMILIES[message.family];
  const result = checkRows(family, read.headers, message.mapping, read.rows, read.malformedLines, (done, total) =>
    post({ type: 'progress', phase: 'check', done, total }),
  );
  checked = { family: message.family, encoding: read.encoding, delimiter: read.delimiter, headers: read.headers, mapping: message.mapping, rows: result.rows };
  const issueRows: { line: number; errors: CheckedRow['errors']; warnings: CheckedRow['warnings'] }[] = [];
  for (const row of result.rows) {
    if (issueRows.length >= ISSUE_ROWS_SHOWN) break;
    if (row.errors.length || row.warnings.length) issueRows.push({ line: row.line, errors: row.errors, warnings: row.warnings });
  }
  post({ type: 'checked', result: { headers: read.headers, counts: result.counts, issueRows } });
}

async function send(fileName: string) {
  if (!checked) throw new ImportApiError(0, 'nothing_checked');
  const { rows } = checked;
  const { id } = await importsFetch<{ id: string }>('', {
    method: 'POST',
    body: {
      family: checked.family,
      fileName,
      encoding: checked.encoding,
      delimiter: checked.delimiter,
      headers: checked.headers,
      mapping: checked.mapping,
      totalRows: rows.length,
    },
  });
  for (let from = 0; from < rows.length; from += UPLOAD_PART_ROWS) {
    const part = rows.slice(from, from + UPLOAD_PART_ROWS).map((row, i) => ({
      rowNo: from + i,
      line: row.line,
      cells: row.cells,
      item: row.errors.length ? null : row.item,
      errors: row.errors,
      warnings: row.warnings,
    }));
    await importsFetch(`/${id}/rows`, { method: 'POST', body: { rows: part } });
    post({ type: 'progress', phase: 'upload', done: Math.min(rows.length, from + UPLOAD_PART_ROWS), total: rows.length });
  }
  await importsFetch(`/${id}/start`, { method: 'POST' });
  checked = null;
  post({ type: 'sent', importId: id });
}

self.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  try {
    if (message.type === 'preview') await preview(message.file, message.encoding, message.delimiter);
    else if (message.type === 'check') await check(message);
    else await send(message.fileName);
  } catch (error) {
    if (error instanceof ImportApiError) {
      const active = error.body.activeImportId;
      post({ type: 'failed', code: error.code, status: error.status, ...(typeof active === 'string' ? { activeImportId: active } : {}) });
    } else {
      post({ type: 'failed', code: 'worker_error' });
    }
  }
};
