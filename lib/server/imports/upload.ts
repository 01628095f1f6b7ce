import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import type { FamilyName } from '@/lib/imports/families';
import { processParts } from '../process';
import { appendRows, CHUNK_SIZE, type ImportView, type UploadRow } from './store';

/**
 * Rows arriving while the import already sends (migration 0180). The browser starts the import after its
 * first part, so the console sends the first chunks while the rest of the file is still on its way; the
 * import job's planner (import-job.ts) lists a chunk once all of its rows are in.
 */

type Db = Kysely<ConsoleDatabase>;

export interface UploadState {
  family: FamilyName;
  totalRows: number;
  state: ImportView['state'];
  uploadClosed: boolean;
  /** The state of the import's current job, if started. */
  jobState: string | null;
}

/**
 * The import's upload state, with its row locked until the transaction ends: a part stored under this lock
 * cannot slip past a closeUpload() or settle() running at the same time.
 */
export async function lockForUpload(trx: Db, importId: string): Promise<UploadState | null> {
  if (!/^\d{1,18}$/.test(importId)) return null;
  const { rows } = await sql<{
    family: FamilyName;
    total_rows: number;
    state: UploadState['state'];
    upload_closed: boolean;
    job_state: string | null;
  }>`
    select i.family, i.total_rows, i.state, i.upload_closed, (select state from job where id = i.job_id::bigint) as job_state
    from import i
    where i.id = ${importId} for update`.execute(trx);
  const row = rows[0];
  return row
    ? {
        family: row.family,
        totalRows: row.total_rows,
        state: row.state,
        uploadClosed: row.upload_closed,
        jobState: row.job_state,
      }
    : null;
}

/** Parts are taken before the start, and after it while the job is still listing chunks and the upload is open. */
export const takesParts = (s: UploadState) =>
  s.state === 'uploading' || (s.state === 'started' && !s.uploadClosed && s.jobState === 'planning');

/** Ends the upload: later parts are refused (the rows that never came stay out of the import). */
export async function closeUpload(db: Db, importId: string): Promise<void> {
  await sql`update import set upload_closed = true where id = ${importId}`.execute(db);
}

export interface Arrived {
  totalRows: number;
  uploadedRows: number;
  closed: boolean;
  /** The planning job's state: anything but 'planning' (cancelled) ends the planner's wait. */
  jobState: string | null;
}

export async function arrived(db: Db, importId: string, jobId: string): Promise<Arrived | null> {
  const { rows } = await sql<{
    total_rows: number;
    upload_closed: boolean;
    counts: Record<string, number> | null;
    job_state: string | null;
  }>`
    select i.total_rows, i.upload_closed, c.counts, (select state from job where id = ${jobId}) as job_state
    from import i left join import_count c on c.import_id = i.id
    where i.id = ${importId}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const uploadedRows = Object.values(row.counts ?? {}).reduce((a, b) => a + b, 0);
  return { totalRows: row.total_rows, uploadedRows, closed: row.upload_closed, jobState: row.job_state };
}

/**
 * How many chunks from the start of the file have all their rows in, counting on from `from` (chunks before
 * it are known complete). Parts may arrive in any order; a chunk counts only when every row of its range is here.
 */
export async function completeChunks(db: Db, importId: string, from: number, totalRows: number): Promise<number> {
  const { rows } = await sql<{ chunk: number; n: number }>`
    select row_no / ${CHUNK_SIZE} as chunk, count(*)::int as n from import_row
    where import_id = ${importId} and row_no >= ${from * CHUNK_SIZE}
    group by 1 order by 1`.execute(db);
  let next = from;
  for (const r of rows) {
    if (r.chunk !== next || r.n !== Math.min(CHUNK_SIZE, totalRows - next * CHUNK_SIZE)) break;
    next++;
  }
  return next;
}

/** Chunks that hold any row (after the upload closed early: the last ones may be partial). */
export async function chunksWithRows(db: Db, importId: string): Promise<number> {
  const { rows } = await sql<{ chunks: number }>`
    select coalesce(max(row_no) / ${CHUNK_SIZE} + 1, 0)::int as chunks from import_row where import_id = ${importId}`.execute(
    db,
  );
  return rows[0]!.chunks;
}

// In this process, a stored part wakes the planner at once instead of at its next look (the runner may live in
// another bundle than the route that stored the part, so the signal goes through the process runtime).
const partTopic = (importId: string) => `import-part:${importId}`;

export function partStored(importId: string): void {
  processParts().signals.notify(partTopic(importId));
}

export function nextPart(importId: string, timeoutMs: number): Promise<void> {
  return processParts().signals.next(partTopic(importId), timeoutMs);
}

export class PartRefusedError extends Error {
  constructor(readonly code: 'import_not_found' | 'import_not_uploading' | 'invalid_parameter') {
    super(code);
  }
}

/**
 * Rows stored per transaction: one chunk (so its body is still stored with its rows). The console database may
 * be PGlite, one connection taken in turns: a part of 5,000 rows in one go would hold it for about half a
 * second while the job sending the first chunks waits for its turn (bench/import: one chunk per turn sent
 * about 25% more chunks during the upload than five).
 */
const STORE_SLICE = CHUNK_SIZE;

/**
 * Stores a part of the rows (appendRows) if the import still takes parts, under its row's lock, and wakes
 * the planner. Storing a part again is harmless: rows already stored are kept as they are. Refused midway
 * (the upload was closed meanwhile), the slices stored before are kept: they arrived.
 */
export async function storePart(db: Db, importId: string, rows: readonly UploadRow[]): Promise<void> {
  const slices = new Map<number, UploadRow[]>();
  for (const row of rows) {
    const key = Math.floor(row.rowNo / STORE_SLICE);
    if (!slices.has(key)) slices.set(key, []);
    slices.get(key)!.push(row);
  }
  if (!slices.size) slices.set(0, []);
  let first = true;
  for (const slice of slices.values()) {
    // PGlite works inside this thread and settles its promises as microtasks: without a turn of the event
    // loop between slices, the answers the sending job waits for would not even be read until the part ends.
    if (!first) await new Promise((resolve) => setImmediate(resolve));
    first = false;
    await db.transaction().execute(async (trx) => {
      const state = await lockForUpload(trx, importId);
      if (!state) throw new PartRefusedError('import_not_found');
      if (!takesParts(state)) throw new PartRefusedError('import_not_uploading');
      if (rows.some((r) => r.rowNo >= state.totalRows)) throw new PartRefusedError('invalid_parameter');
      if (slice.length) await appendRows(trx, importId, state.family, slice);
    });
    partStored(importId);
  }
}
