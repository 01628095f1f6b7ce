import { ApiError } from '../api-error';
import type { CreateImportBody, UploadRowsBody } from '@/lib/csv/import-api';
import { importsFetch } from './api';

/** Rows per upload request (the server takes parts of any size up to its body limit). */
export const UPLOAD_PART_ROWS = 5_000;
const PART_TRIES = 3;

/** What POST /api/imports takes, and one row of a part (the endpoints check both with these schemas). */
export type ImportDescription = CreateImportBody;
export type UploadRow = UploadRowsBody['rows'][number];

/** A part failed after the import had started: the rows that arrived are being imported, the others are not. */
export class UploadStoppedError extends Error {
  constructor(
    readonly importId: string,
    readonly failure: ApiError,
  ) {
    super(failure.code);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Creates the import, uploads its rows in parts and starts it right after the first part, so the console
 * sends the first chunks while the rest is on its way. Storing a part again keeps the rows stored the first
 * time, so a part whose answer was lost (no answer, a 5xx) is sent again. Returns the import's id.
 */
export async function uploadAndStart(
  description: ImportDescription,
  partRows: (from: number, to: number) => UploadRow[],
  onPart?: (done: number) => void,
): Promise<string> {
  const { id } = await importsFetch<{ id: string }>('', { method: 'POST', body: description });
  const total = description.totalRows;
  let started = false;
  const start = async () => {
    await importsFetch(`/${id}/start`, { method: 'POST' });
    started = true;
  };
  try {
    for (let from = 0; from < total; from += UPLOAD_PART_ROWS) {
      const to = Math.min(total, from + UPLOAD_PART_ROWS);
      await sendPart(id, partRows(from, to));
      onPart?.(to);
      if (!started) await start();
    }
    if (!started) await start();
  } catch (error) {
    if (started && error instanceof ApiError) throw new UploadStoppedError(id, error);
    throw error;
  }
  return id;
}

async function sendPart(id: string, rows: UploadRow[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await importsFetch(`/${id}/rows`, { method: 'POST', body: { rows } });
      return;
    } catch (error) {
      const again = error instanceof ApiError && (error.kind === 'network' || error.kind === 'server') && attempt < PART_TRIES;
      if (!again) throw error;
      await sleep(1000 * attempt);
    }
  }
}
