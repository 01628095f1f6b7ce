import 'server-only';
import type { FamilyName } from '@/lib/imports/families';
import { getEnv } from '../env';
import { currentTenant, getConsoleDb } from '../process';
import { upstreamPausedForMs } from '../upstream';
import { cancelJob, getJob, JobAlreadyActiveError, startJob } from '../jobs';
import * as attempts from './attempts';
import { IMPORT_JOB_KINDS, UPLOAD_IDLE_MS } from './import-job';
import * as store from './store';
import { PartRefusedError, storePart } from './upload';
import type { ImportProgress, ImportStatus } from '@/lib/contract/console/imports';
import type { ErrorCode } from '@/lib/contract/errors';

/**
 * CSV imports on the server: the browser reads and checks the file (lib/imports, in a Web Worker), uploads the
 * rows in parts and starts the import after the first part; sending runs as a job of the job runtime
 * (./import-job.ts), overlapping the rest of the upload (./upload.ts), and every row's outcome is kept in
 * the console database (./store/).
 *
 *   const id = await createImport(meta, user);          // state 'uploading'
 *   await appendRows(id, rows);                         // the first part: one chunk (FIRST_PART_ROWS)
 *   await startImport(id, user);                        // state 'started'; chunks of 200 → job units
 *   await appendRows(id, rows);                         // the other parts (UPLOAD_PART_ROWS), while chunks are sent
 *   await importStatus(id);                             // view + progress (rows/s, time left)
 */

export { ResendError } from './attempts';
export { HISTORY_STATES, type HistoryState, type RowView } from './store';
export { importKind } from './import-job';
export type { CopyReader } from './old-values';
export type { UndoSteps } from './undo-steps';
// What a revert (lib/server/undo) needs to be an import of its own: the store, the upload's parts, the fields
// that name a record, the outcomes a job's flush hands to its undo steps.
export * as importStore from './store';
export { PartRefusedError, storePart } from './upload';
export { KEY_FIELDS, type SentOutcome } from './history';

const db = getConsoleDb;

export class ImportStateError extends Error {
  constructor(
    readonly code: Extract<
      ErrorCode,
      'import_not_found' | 'import_not_uploading' | 'import_already_running' | 'invalid_parameter'
    >,
    readonly activeImportId?: string,
  ) {
    super(code);
  }
}

export async function createImport(meta: store.ImportMeta, user: { id: string; email: string }) {
  return store.createImport(await db(), meta, user);
}

/** A part of the rows: taken before the start, and after it while the job still waits for rows. */
export async function appendRows(id: string, rows: readonly store.UploadRow[]) {
  try {
    await storePart(await db(), id, rows);
  } catch (error) {
    if (error instanceof PartRefusedError) throw new ImportStateError(error.code);
    throw error;
  }
}

/**
 * Starts sending. With every row uploaded, the job gets its chunks at once (an import with nothing to send
 * is settled at once); with rows still to come, its planner lists each chunk when its rows are all in.
 */
export async function startImport(id: string, user: { id: string }): Promise<void> {
  const d = await db();
  const view = await store.getImport(d, id);
  if (!view) throw new ImportStateError('import_not_found');
  if (view.state !== 'uploading') throw new ImportStateError('import_not_uploading');
  const first = { no: 1, rows: view.totalRows, user: { id: view.createdBy, email: view.createdByEmail } };
  // Read above without a lock: the import may have been closed since (closeAbandoned). Its job is then
  // cancelled; a chunk it sent in between ends unknown (closeAbandoned settles as settle does).
  const started = async (jobId: string | null) => {
    if (await store.markStarted(d, id, jobId, { onlyIfUploading: true })) return;
    if (jobId) await cancelJob(jobId);
    throw new ImportStateError('import_not_uploading');
  };
  if (view.uploadedRows < view.totalRows) {
    const jobId = await startImportJob(view, null, user);
    await started(jobId);
    await attempts.recordAttempt(d, id, { ...first, jobId });
    return;
  }
  const chunks = await store.assignChunks(d, id);
  if (chunks === 0) {
    await started(null);
    await attempts.recordAttempt(d, id, { ...first, jobId: null });
    return;
  }
  const jobId = await startImportJob(
    view,
    Array.from({ length: chunks }, (_, chunk) => chunk),
    user,
  );
  await started(jobId);
  await attempts.recordAttempt(d, id, { ...first, jobId });
}

/** With `chunks` null, the job plans: it lists the chunks as their rows arrive. */
async function startImportJob(
  view: store.ImportView,
  chunks: readonly number[] | null,
  user: { id: string },
): Promise<string> {
  try {
    return await startJob(IMPORT_JOB_KINDS[view.family], {
      // The demo's approval policy is the default in demo mode (lib/server/imports/hold.ts).
      params: { importId: view.id, family: view.family, demoPolicy: getEnv().demoMode },
      createdBy: user.id,
      ...(chunks
        ? { units: chunks.map((chunk) => ({ key: String(chunk), input: { importId: view.id, chunk } })) }
        : {}),
    });
  } catch (error) {
    if (error instanceof JobAlreadyActiveError) {
      const active = await getJob(String(error.activeJobId));
      const activeImportId = (active?.params as { importId?: string } | undefined)?.importId;
      throw new ImportStateError('import_already_running', activeImportId);
    }
    throw error;
  }
}

/**
 * "Resend failed rows": the fixed rows (failed, unknown or not sent) go out again as the next attempt of the
 * same import, under a new job; nothing else is sent. The import must have finished its last attempt.
 * Throws ResendError (a row not resendable, or still failing the check: nothing is sent) or ImportStateError.
 */
export async function resendRows(id: string, rows: readonly attempts.FixedRow[], user: { id: string; email: string }) {
  const status = await importStatus(id);
  if (!status) throw new attempts.ResendError('import_not_found');
  if (['uploading', 'planning', 'running'].includes(status.progress.state))
    throw new attempts.ResendError('import_running');
  const d = await db();
  const view = status.import;
  const prepared = await attempts.prepareResend(d, view, rows);
  let jobId: string;
  try {
    jobId = await startImportJob(
      view,
      Array.from({ length: prepared.chunks }, (_, i) => prepared.firstChunk + i),
      user,
    );
  } catch (error) {
    await attempts.revertResend(d, id, prepared);
    throw error;
  }
  await store.markStarted(d, id, jobId);
  await attempts.recordAttempt(d, id, { no: prepared.attempt, jobId, rows: prepared.rowNos.length, user });
  return { attempt: prepared.attempt, jobId };
}

/** How the import came (`bulk` for a bulk edit), for the words of its revert's page; null when there is none. */
export async function importOrigin(id: string): Promise<store.ImportView['origin'] | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  return (await store.getImport(await db(), id))?.origin ?? null;
}

/**
 * Starts the job of an import another feature stored (a revert, lib/server/undo) before its rows are all in: the
 * job lists chunks as they arrive. Not started (another import of the family runs: ImportStateError), the import is
 * discarded: nothing of it was stored for sending nor sent.
 */
export async function startStoredImport(id: string, user: { id: string; email: string }): Promise<void> {
  const d = await db();
  const view = (await store.getImport(d, id))!;
  let jobId: string;
  try {
    jobId = await startImportJob(view, null, user);
  } catch (error) {
    await store.discardUnstarted(d, id);
    throw error;
  }
  await store.markStarted(d, id, jobId);
  await attempts.recordAttempt(d, id, { no: 1, rows: view.totalRows, user, jobId });
}

export async function listAttempts(id: string) {
  return attempts.listAttempts(await db(), id);
}

export async function errorFileRows(id: string) {
  return attempts.errorFileRows(await db(), id);
}

const FINISHED_ROW: readonly store.RowStatus[] = ['created', 'updated', 'ok', 'failed', 'unknown'];

/** The import with its counts and progress; rows left without an outcome after the job ended are settled. */
export async function importStatus(id: string): Promise<ImportStatus | null> {
  const d = await db();
  await store.closeAbandoned(d, UPLOAD_IDLE_MS);
  let view = await store.getImport(d, id);
  if (!view) return null;
  const job = view.jobId ? await getJob(view.jobId) : null;
  if (view.state === 'started' && job && !['planning', 'running'].includes(job.state)) {
    const p = job.progress;
    // Units still in flight after a cancel record their real outcome first.
    if (p.done + p.failed + p.cancelled >= p.total) {
      await store.settle(d, id);
      view = (await store.getImport(d, id))!;
    }
  }
  const c = view.counts;
  const rowsDone = FINISHED_ROW.reduce((n, s) => n + c[s], 0);
  const rowsToSend = rowsDone + c.pending + c.sending;
  let rowsPerSecond: number | null = null;
  let secondsLeft: number | null = null;
  if (job?.startedAt && rowsDone > 0) {
    const end = job.finishedAt ?? new Date();
    const seconds = Math.max(0.001, (end.getTime() - new Date(job.startedAt).getTime()) / 1000);
    rowsPerSecond = rowsDone / seconds;
    secondsLeft = job.finishedAt ? 0 : (rowsToSend - rowsDone) / rowsPerSecond;
  }
  const state: ImportProgress['state'] =
    view.state === 'uploading' || view.state === 'abandoned' ? view.state : job ? job.state : 'succeeded';
  // The service said "429, wait": the job waits it out and sends again, so the page says so rather than fail.
  const pausedMs = state === 'running' ? await upstreamPausedForMs(d, currentTenant()).catch(() => 0) : 0;
  const waitingForServiceSeconds = pausedMs > 0 ? Math.ceil(pausedMs / 1000) : null;
  return {
    import: view,
    progress: { state, rowsToSend, rowsDone, rowsPerSecond, secondsLeft, waitingForServiceSeconds },
  };
}

export async function cancelImport(id: string): Promise<boolean> {
  const view = await store.getImport(await db(), id);
  if (!view?.jobId) return false;
  return cancelJob(view.jobId);
}

export async function listImports(filters: store.ImportFilters = {}) {
  const d = await db();
  await store.closeAbandoned(d, UPLOAD_IDLE_MS);
  return store.listImports(d, filters);
}

export async function importPeople() {
  return store.importPeople(await db());
}

export async function listRows(id: string, options: Parameters<typeof store.listRows>[2]) {
  return store.listRows(await db(), id, options);
}

export async function getSavedMapping(userId: string, family: FamilyName) {
  return store.getSavedMapping(await db(), userId, family);
}

export async function saveMapping(userId: string, family: FamilyName, mapping: Record<string, string>) {
  return store.saveMapping(await db(), userId, family, mapping);
}
