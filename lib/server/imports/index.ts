import 'server-only';
import type { Kysely } from 'kysely';
import type { FamilyName } from '@/lib/csv/families';
import { getConsoleDb } from '../db';
import { cancelJob, getJob, JobAlreadyActiveError, startJob, type JobView } from '../jobs';
import { IMPORT_JOB_KINDS } from './import-job';
import * as store from './store';

/**
 * CSV imports on the server: the browser reads and checks the file (lib/csv, in a Web Worker), uploads the
 * rows in parts, then starts the import; sending runs as a job of the job runtime (./import-job.ts) and
 * every row's outcome is kept in the console database (./store.ts).
 *
 *   const id = await createImport(meta, user);          // state 'uploading'
 *   await appendRows(id, family, rows);                 // parts of UPLOAD_PART_ROWS
 *   await startImport(id, user);                        // chunks of 200 → job units; state 'started'
 *   await importStatus(id);                             // view + progress (rows/s, time left)
 */

export { CHUNK_SIZE, ROW_STATUSES, UPLOAD_PART_ROWS, type ImportMeta, type ImportView, type RowStatus, type RowView, type UploadRow } from './store';
export { IMPORT_JOB_KINDS, importKindName } from './import-job';

const db = async () => (await getConsoleDb()) as unknown as Kysely<unknown>;

export class ImportStateError extends Error {
  constructor(
    readonly code: 'import_not_found' | 'import_not_uploading' | 'import_incomplete' | 'import_already_running',
    readonly activeImportId?: string,
  ) {
    super(code);
  }
}

export async function createImport(meta: store.ImportMeta, user: { id: string; email: string }) {
  return store.createImport(await db(), meta, user);
}

export async function appendRows(id: string, rows: readonly store.UploadRow[]) {
  const d = await db();
  const view = await store.getImport(d, id);
  if (!view) throw new ImportStateError('import_not_found');
  if (view.state !== 'uploading') throw new ImportStateError('import_not_uploading');
  await store.appendRows(d, id, view.family, rows);
}

/** Starts sending. Every row must have been uploaded; an import with nothing to send is settled at once. */
export async function startImport(id: string, user: { id: string }): Promise<void> {
  const d = await db();
  const view = await store.getImport(d, id);
  if (!view) throw new ImportStateError('import_not_found');
  if (view.state !== 'uploading') throw new ImportStateError('import_not_uploading');
  if (view.uploadedRows !== view.totalRows) throw new ImportStateError('import_incomplete');
  const chunks = await store.assignChunks(d, id);
  if (chunks === 0) {
    await store.markStarted(d, id, null);
    return;
  }
  const kind = IMPORT_JOB_KINDS[view.family];
  try {
    const jobId = await startJob(kind, {
      params: { importId: id, family: view.family },
      createdBy: user.id,
      units: Array.from({ length: chunks }, (_, chunk) => ({ key: String(chunk), input: { importId: id, chunk } })),
    });
    await store.markStarted(d, id, jobId);
  } catch (error) {
    if (error instanceof JobAlreadyActiveError) {
      const active = await getJob(String(error.activeJobId));
      const activeImportId = (active?.params as { importId?: string } | undefined)?.importId;
      throw new ImportStateError('import_already_running', activeImportId);
    }
    throw error;
  }
}

export interface ImportProgress {
  /** The job's state; 'uploading' before the start, 'succeeded' for an import with nothing to send. */
  state: 'uploading' | JobView['state'];
  rowsToSend: number;
  rowsDone: number;
  rowsPerSecond: number | null;
  secondsLeft: number | null;
}

export interface ImportStatus {
  import: store.ImportView;
  progress: ImportProgress;
}

const FINISHED_ROW: readonly store.RowStatus[] = ['created', 'updated', 'ok', 'failed', 'unknown'];

/** The import with its counts and progress; rows left without an outcome after the job ended are settled. */
export async function importStatus(id: string): Promise<ImportStatus | null> {
  const d = await db();
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
  const state: ImportProgress['state'] = view.state === 'uploading' ? 'uploading' : job ? job.state : 'succeeded';
  return { import: view, progress: { state, rowsToSend, rowsDone, rowsPerSecond, secondsLeft } };
}

export async function cancelImport(id: string): Promise<boolean> {
  const view = await store.getImport(await db(), id);
  if (!view?.jobId) return false;
  return cancelJob(view.jobId);
}

export async function listImports() {
  return store.listImports(await db());
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
