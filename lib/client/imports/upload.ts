import { ApiError } from '../api-error';
import { uploadParts, type CreateImportBody, type UploadRowsBody } from '@/lib/imports/import-api';
import { importsApi } from '@/lib/contract/console/imports';
import { consoleFetch } from '../console-fetch';

const PART_TRIES = 3;

/** What POST /api/imports takes, and one row of a part (the endpoints check both with these schemas). */
export type ImportDescription = CreateImportBody;
export type UploadRow = UploadRowsBody['rows'][number];

/**
 * The upload stopped after the start was asked for: `started` true when the console said so (the rows that
 * arrived are being imported, the others are not), 'unknown' when its answer to the start was lost.
 */
export class UploadStoppedError extends Error {
  constructor(
    readonly importId: string,
    readonly failure: ApiError,
    readonly started: true | 'unknown',
  ) {
    super(failure.code);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const lostAnswer = (error: unknown): error is ApiError =>
  error instanceof ApiError && (error.kind === 'network' || error.kind === 'server');

/**
 * Creates the import, uploads its rows in parts and starts it right after the first part (one chunk), so the
 * console sends the first chunks while the rest is on its way. Returns the import's id.
 *
 * Both calls are sent again after a lost answer (no answer, a 5xx), as neither can apply twice: storing a part
 * again keeps the rows stored the first time, and the console refuses a second start of an import
 * (import_not_uploading), which after a lost answer means the earlier start did apply.
 */
export async function uploadAndStart(
  description: ImportDescription,
  partRows: (from: number, to: number) => UploadRow[],
  onPart?: (done: number) => void,
): Promise<string> {
  const { id } = await consoleFetch(importsApi.create, { body: description });
  const total = description.totalRows;
  let started: boolean | 'unknown' = false;
  const start = async () => {
    let lost = false;
    try {
      await sendAgain(() => consoleFetch(importsApi.start, { params: { id } }), {
        onLost: () => (lost = true),
        appliedBefore: (error) => error.code === 'import_not_uploading',
      });
      started = true;
    } catch (error) {
      // Refused at its first try, the start started nothing; after a lost answer, nobody knows.
      if (lost) started = 'unknown';
      throw error;
    }
  };
  try {
    for (const [from, to] of uploadParts(total)) {
      const rows = partRows(from, to);
      await sendAgain(() => consoleFetch(importsApi.upload, { params: { id }, body: { rows } }));
      onPart?.(to);
      if (!started) await start();
    }
    if (!started) await start();
  } catch (error) {
    if (started !== false && error instanceof ApiError) throw new UploadStoppedError(id, error, started);
    throw error;
  }
  return id;
}

/**
 * Makes the call, and again (up to PART_TRIES in all) while its answer is lost. After a lost answer,
 * `appliedBefore` tells a refusal that means the earlier try did apply.
 */
async function sendAgain(
  call: () => Promise<unknown>,
  options: { onLost?: () => void; appliedBefore?: (error: ApiError) => boolean } = {},
): Promise<void> {
  let lost = false;
  for (let attempt = 1; ; attempt++) {
    try {
      await call();
      return;
    } catch (error) {
      if (lost && error instanceof ApiError && options.appliedBefore?.(error)) return;
      if (!lostAnswer(error)) throw error;
      lost = true;
      options.onLost?.();
      if (attempt >= PART_TRIES) throw error;
      await sleep(1000 * attempt);
    }
  }
}
