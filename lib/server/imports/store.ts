import 'server-only';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ConsoleDatabase } from '../db/types';
import type { RowIssue } from '@/lib/csv/check';
import { FAMILIES, type FamilyName } from '@/lib/csv/families';
import type { SavedMapping } from '@/lib/csv/mapping';
import { CHUNK_SIZE } from '@/lib/csv/import-api';
import { BATCHES } from '../upstream';

/**
 * The imports tables (migration 0050): an import, its rows with their outcomes, and saved column mappings.
 * Raw SQL on purpose: the bulk statements (a part of 5,000 rows, a chunk's 200 outcomes) are one statement
 * each over jsonb_to_recordset, the same on PGlite and Postgres.
 */

type Db = Kysely<ConsoleDatabase>;

import type { ImportListItem, ImportMeta, ImportView, RowStatus, RowView } from '@/lib/contract/console/imports';
// What the endpoints answer is the contract's (lib/contract/console/imports.ts).
export { ROW_STATUSES, type ImportListItem, type ImportMeta, type ImportView, type RowAttempt, type RowStatus, type RowView } from '@/lib/contract/console/imports';
export { CHUNK_SIZE, UPLOAD_PART_ROWS } from '@/lib/csv/import-api';

export interface UploadRow {
  rowNo: number;
  line: number;
  cells: string[];
  /** Null when the check held the row back. */
  item: Record<string, unknown> | null;
  errors: RowIssue[];
  warnings: RowIssue[];
  /** "Compare with live data" found that the row changes nothing and the user chose to skip such rows. */
  skip?: boolean;
}

const json = (value: unknown) => JSON.stringify(value);

/** A pending row of a chunk already put in a request: shown as "sending" (its outcome may be on the way). */
const inSentChunk = sql`exists (select 1 from import_chunk c where c.import_id = r.import_id and c.chunk = r.chunk and c.sends > 0)`;

export async function createImport(db: Db, meta: ImportMeta, user: { id: string; email: string }): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    insert into import (family, file_name, encoding, delimiter, headers, mapping, total_rows, created_by, created_by_email)
    values (${meta.family}, ${meta.fileName}, ${meta.encoding}, ${meta.delimiter}, ${json(meta.headers)}::jsonb,
            ${json(meta.mapping)}::jsonb, ${meta.totalRows}, ${user.id}, ${user.email})
    returning id::text as id`.execute(db);
  return rows[0]!.id;
}

/**
 * Stores a part of the rows. The item of each row is checked again here with the family's contract schema
 * (the browser's check is a convenience, not a guarantee): a row that fails is held back with those codes.
 *
 * A chunk whose whole row range is in the part gets its request body stored with it (see chunkBodies), and
 * its rows then keep no item of their own: the body holds it, at the row's place in `body_row_nos`. The body
 * is stored first and only if the chunk has none yet (`on conflict do nothing`); only a statement that stored
 * a chunk's body leaves its rows' items out. Rows of that chunk stored by another statement (a part sent
 * twice, on Postgres at the same moment) keep their items, and the job then sends the chunk from its rows.
 */
export async function appendRows(db: Db, importId: string, family: FamilyName, rows: readonly UploadRow[]): Promise<void> {
  const { schema } = FAMILIES[family];
  const keyed = BATCHES[family].keyed as (item: never) => boolean;
  const records = rows.map((row) => {
    let item = row.item;
    let errors = row.errors;
    if (item) {
      const parsed = schema.safeParse(item);
      if (!parsed.success) {
        errors = parsed.error.issues.map((issue) => ({
          code: issue.message,
          ...(typeof issue.path[0] === 'string' ? { field: issue.path[0] } : {}),
        }));
        item = null;
      }
    }
    return {
      row_no: row.rowNo,
      line: row.line,
      cells: row.cells,
      item,
      keyed: item ? keyed(item as never) : false,
      status: row.skip && item ? 'skipped' : item ? 'pending' : 'not_sent',
      // Rows skipped as unchanged are never sent: no chunk, so an import of only such rows starts no job.
      chunk: item && !row.skip ? Math.floor(row.rowNo / CHUNK_SIZE) : null,
      errors,
      warnings: row.warnings,
    };
  });
  // A row whose chunk has a body in this part travels without its item (the body has it). Should that body
  // not be stored (the chunk had its record already), the row takes its item from this part's body (`kept`).
  // json, not jsonb, for what is only passed through.
  const bodies = chunkBodies(records);
  const inBody = new Set(bodies.map((b) => b.chunk));
  const rowRecords = records.map((r) => (r.chunk !== null && inBody.has(r.chunk) ? { ...r, item: undefined } : r));
  // The import is checked and locked once here, not per row by a foreign key (see migration 0171).
  const { rows: found } = await sql<{ found: boolean }>`
    with target as (select id from import where id = ${importId} for key share),
    part as (
      select * from json_to_recordset(${json(bodies)}::json) as b(chunk integer, body text, rows integer, row_nos integer[])
      where exists (select 1 from target)
    ),
    stored as (
      insert into import_chunk (import_id, chunk, body, body_rows, body_row_nos)
      select ${importId}::bigint, chunk, body, rows, row_nos from part
      on conflict (import_id, chunk) do nothing
      returning chunk
    ),
    kept as (
      select e.item, e.row_no from part p
        cross join lateral rows from (jsonb_array_elements(p.body::jsonb), unnest(p.row_nos)) as e(item, row_no)
      where p.chunk not in (select chunk from stored)
    ),
    inserted as (
      insert into import_row (import_id, row_no, line, cells, item, keyed, status, chunk, errors, warnings)
      select ${importId}::bigint, x.row_no, x.line, x.cells,
        case when x.chunk in (select chunk from stored) then null else coalesce(x.item::jsonb, k.item) end,
        x.keyed, x.status, x.chunk, x.errors, x.warnings
      from json_to_recordset(${json(rowRecords)}::json)
        as x(row_no integer, line integer, cells jsonb, item json, keyed boolean, status text, chunk integer, errors jsonb, warnings jsonb)
        left join kept k on k.row_no = x.row_no
      where exists (select 1 from target)
      on conflict (import_id, row_no) do nothing
    )
    select exists (select 1 from target) as found`.execute(db);
  if (!found[0]!.found) throw new ImportNotFoundError(importId);
}

export class ImportNotFoundError extends Error {
  constructor(importId: string) {
    super(`import ${importId} not found`);
  }
}

/**
 * The request body of each chunk whose whole row range is in this part: its rows to send, in row order,
 * serialised once, with their row numbers. A chunk split across parts gets none (the job builds it from the rows).
 */
function chunkBodies(records: readonly { row_no: number; item: unknown; chunk: number | null }[]) {
  const present = new Map<number, number>();
  const items = new Map<number, { rowNos: number[]; items: unknown[] }>();
  for (const r of [...records].sort((a, b) => a.row_no - b.row_no)) {
    const c = Math.floor(r.row_no / CHUNK_SIZE);
    present.set(c, (present.get(c) ?? 0) + 1);
    if (r.chunk === null) continue;
    if (!items.has(r.chunk)) items.set(r.chunk, { rowNos: [], items: [] });
    const entry = items.get(r.chunk)!;
    entry.rowNos.push(r.row_no);
    entry.items.push(r.item);
  }
  const bodies: { chunk: number; body: string; rows: number; row_nos: number[] }[] = [];
  for (const [chunk, entry] of items) {
    if (present.get(chunk) !== CHUNK_SIZE) continue;
    bodies.push({ chunk, body: json(entry.items), rows: entry.items.length, row_nos: entry.rowNos });
  }
  return bodies;
}

/**
 * A chunk is CHUNK_SIZE consecutive rows of the file (row_no / size); its held-back rows stay out of it, so a
 * chunk sends at most that many. The number is written with the rows (appendRows), so starting an import of
 * 100,000 rows does not rewrite them all; another size (tests) renumbers. Returns how many chunks there are.
 */
export async function assignChunks(db: Db, importId: string, chunkSize = CHUNK_SIZE): Promise<number> {
  if (chunkSize !== CHUNK_SIZE) {
    // The bodies stored at upload hold the rows of the default chunks: their rows take their items back first.
    await sql`
      update import_row r set item = e.item
      from import_chunk c
        cross join lateral rows from (jsonb_array_elements(c.body::jsonb), unnest(c.body_row_nos)) as e(item, row_no)
      where c.import_id = ${importId} and c.body_row_nos is not null
        and r.import_id = c.import_id and r.chunk = c.chunk and r.row_no = e.row_no and r.item is null`.execute(db);
    await sql`
      update import_row set chunk = row_no / ${chunkSize}
      where import_id = ${importId} and chunk is not null and status = 'pending'`.execute(db);
    await sql`update import_chunk set body = null, body_rows = null, body_row_nos = null where import_id = ${importId}`.execute(db);
  }
  const { rows } = await sql<{ chunks: number }>`
    select coalesce(max(chunk) + 1, 0)::int as chunks from import_row where import_id = ${importId}`.execute(db);
  return rows[0]!.chunks;
}

/**
 * The import runs `jobId` (null: nothing to send, settled at once). With `onlyIfUploading` (the first start),
 * only while it is still uploading: false when it was closed meanwhile (closeAbandoned).
 */
export async function markStarted(db: Db, importId: string, jobId: string | null, options: { onlyIfUploading?: boolean } = {}): Promise<boolean> {
  const { rows } = await sql`
    update import set state = ${jobId ? 'started' : 'settled'}, job_id = ${jobId}
    where id = ${importId} ${options.onlyIfUploading ? sql`and state = 'uploading'` : sql``}
    returning id`.execute(db);
  return rows.length > 0;
}

type ImportRowDb = {
  id: string;
  family: FamilyName;
  file_name: string;
  encoding: string;
  delimiter: string;
  headers: string[];
  mapping: (string | null)[];
  total_rows: number;
  state: ImportView['state'];
  job_id: string | null;
  upload_closed: boolean;
  created_by: string;
  created_by_email: string;
  created_at: Date | string;
};

const iso = (value: Date | string) => new Date(value).toISOString();

function emptyCounts(): Record<RowStatus, number> {
  return { pending: 0, sending: 0, created: 0, updated: 0, ok: 0, failed: 0, unknown: 0, not_sent: 0, skipped: 0 };
}

export async function getImport(db: Db, id: string): Promise<ImportView | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const { rows } = await sql<ImportRowDb & { counts: Partial<Record<RowStatus, number>> | null }>`
    select i.*, i.id::text as id, c.counts from import i left join import_count c on c.import_id = i.id where i.id = ${id}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  // Kept per import by the database (migration 0130): the page polls this every second.
  const counts = { ...emptyCounts(), ...(row.counts ?? {}) };
  const uploadedRows = Object.values(counts).reduce((a, b) => a + b, 0);
  // Rows in flight count as pending here (the page polls this every second: telling them apart costs a
  // lookup per pending row); the rows list shows them as sending.
  return {
    id: row.id,
    family: row.family,
    fileName: row.file_name,
    encoding: row.encoding,
    delimiter: row.delimiter,
    headers: row.headers,
    mapping: row.mapping,
    totalRows: row.total_rows,
    state: row.state,
    jobId: row.job_id,
    createdBy: row.created_by,
    createdByEmail: row.created_by_email,
    createdAt: iso(row.created_at),
    counts,
    uploadedRows,
    uploadClosed: row.upload_closed,
  };
}

export const HISTORY_STATES = ['running', 'to_fix', 'succeeded', 'cancelled'] as const;
export type HistoryState = (typeof HISTORY_STATES)[number];

export interface ImportFilters {
  family?: FamilyName;
  /** running: uploading or sending; to_fix: ended with rows failed, unknown or not sent, or never started; succeeded: ended without. */
  state?: HistoryState;
  createdByEmail?: string;
  limit?: number;
}

export async function listImports(db: Db, options: ImportFilters = {}): Promise<ImportListItem[]> {
  // coalesce: an import without a job (nothing to send, or abandoned) would make this null, and `not null`
  // would leave it out of every filter.
  const running = sql`(i.state = 'uploading' or coalesce(j.state in ('planning', 'running'), false))`;
  // An abandoned upload is to fix even when none of its rows arrived: the file was never imported.
  const toFix = sql`(i.state = 'abandoned' or (coalesce((c.counts->>'failed')::int, 0) + coalesce((c.counts->>'unknown')::int, 0) + coalesce((c.counts->>'not_sent')::int, 0)) > 0)`;
  const where = [
    options.family ? sql`i.family = ${options.family}` : null,
    options.createdByEmail ? sql`i.created_by_email = ${options.createdByEmail}` : null,
    options.state === 'running' ? running : null,
    options.state === 'cancelled' ? sql`j.state = 'cancelled'` : null,
    options.state === 'to_fix' ? sql`not ${running} and coalesce(j.state, '') <> 'cancelled' and ${toFix}` : null,
    options.state === 'succeeded' ? sql`not ${running} and coalesce(j.state, '') <> 'cancelled' and not ${toFix}` : null,
  ].filter((w) => w !== null);
  const { rows } = await sql<ImportRowDb & { job_state: string | null; counts: Partial<Record<RowStatus, number>> | null; attempts: number }>`
    select i.*, i.id::text as id, j.state as job_state,
      c.counts,
      (select count(*)::int from import_attempt a where a.import_id = i.id) as attempts
    from import i left join job j on j.id::text = i.job_id left join import_count c on c.import_id = i.id
    ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    order by i.created_at desc, i.id desc limit ${options.limit ?? 100}`.execute(db);
  return rows.map((r) => {
    const counts = { ...emptyCounts(), ...(r.counts ?? {}) };
    return {
      id: r.id,
      family: r.family,
      fileName: r.file_name,
      totalRows: r.total_rows,
      state: r.state,
      /** The job's state (running, succeeded, cancelled…); null before it started or with nothing to send. */
      jobState: r.job_state,
      jobId: r.job_id,
      createdByEmail: r.created_by_email,
      createdAt: iso(r.created_at),
      counts,
      attempts: r.attempts,
      succeeded: counts.created + counts.updated + counts.ok,
      notSucceeded: counts.failed + counts.unknown + counts.not_sent,
    };
  });
}

/** Who started imports, for the history's person filter. */
export async function importPeople(db: Db): Promise<string[]> {
  const { rows } = await sql<{ email: string }>`select distinct created_by_email as email from import order by 1`.execute(db);
  return rows.map((r) => r.email);
}

type RowDb = {
  row_no: number;
  line: number;
  cells: string[];
  status: RowStatus;
  record_id: string | number | null;
  errors: RowIssue[];
  warnings: RowIssue[];
  attempt: number;
  history: { attempt: number; cells: string[]; status: RowStatus; record_id: number | null; errors: RowIssue[] }[];
};

type RowTuple = [RowDb['row_no'], RowDb['line'], RowDb['cells'], RowDb['record_id'], RowDb['errors'], RowDb['warnings'], RowDb['attempt'], RowDb['status'], RowDb['history']];

const rowView = (r: RowDb): RowView => ({
  rowNo: r.row_no,
  line: r.line,
  cells: r.cells,
  status: r.status,
  recordId: r.record_id == null ? null : Number(r.record_id),
  errors: r.errors,
  warnings: r.warnings,
  attempt: r.attempt,
  history: r.history.map((h) => ({ attempt: h.attempt, cells: h.cells, status: h.status, recordId: h.record_id == null ? null : Number(h.record_id), errors: h.errors })),
});

/**
 * Rows in file order, optionally of some statuses, paged by row number. Read as one JSON text (PGlite decodes
 * results row by row in JavaScript); only a row sent more than once (attempt > 1) has a history to look up.
 */
export async function listRows(
  db: Db,
  importId: string,
  options: { statuses?: readonly RowStatus[]; afterRowNo?: number; limit?: number } = {},
): Promise<RowView[]> {
  const statuses = options.statuses?.length ? options.statuses : null;
  // "sending" is stored as pending (see migration 0120); asked for one of the two, tell them apart.
  const stored = statuses ? [...new Set(statuses.map((s) => (s === 'sending' ? 'pending' : s)))] : null;
  const pendingOrSending = statuses ? statuses.includes('pending') !== statuses.includes('sending') : false;
  const split = !pendingOrSending
    ? sql``
    : statuses!.includes('sending')
      ? sql`and (r.status <> 'pending' or ${inSentChunk})`
      : sql`and (r.status <> 'pending' or not ${inSentChunk})`;
  // No order in the aggregate: it would sort whole rows (10,000 of them spill to a temporary file); the
  // page is put back in row order below instead. Each row as an array, not an object: no key names to
  // write and parse 10,000 times.
  const { rows } = await sql<{ rows: string }>`
    select coalesce(json_agg(json_build_array(s.row_no, s.line, s.cells, s.record_id, s.errors, s.warnings, s.attempt, s.status, s.history)), '[]')::text as rows from (
      select row_no, line, cells, record_id, errors, warnings, attempt,
        case when r.status = 'pending' and ${inSentChunk} then 'sending' else r.status end as status,
        case when r.attempt > 1 then
          (select coalesce(jsonb_agg(jsonb_build_object('attempt', a.attempt, 'cells', a.cells, 'status', a.status,
                    'record_id', a.record_id, 'errors', a.errors) order by a.attempt), '[]'::jsonb)
           from import_row_attempt a where a.import_id = r.import_id and a.row_no = r.row_no)
        else '[]'::jsonb end as history
      from import_row r
      where import_id = ${importId} and row_no > ${options.afterRowNo ?? -1}
        ${stored ? sql`and status in (${sql.join(stored)}) ${split}` : sql``}
      order by row_no limit ${Math.min(options.limit ?? 100, 10_000)}
    ) s`.execute(db);
  const list = JSON.parse(rows[0]!.rows) as RowTuple[];
  return list
    .map(([row_no, line, cells, record_id, errors, warnings, attempt, status, history]) =>
      rowView({ row_no, line, cells, record_id, errors, warnings, attempt, status, history }),
    )
    .sort((a, b) => a.rowNo - b.rowNo);
}

/**
 * When the job has ended, rows still without an outcome get one: never put in a request → not sent; put in
 * a request whose answer was lost → unknown (it may or may not have been written). Under the import row's
 * lock, and closing the upload: a part arriving now is refused instead of landing after this and staying
 * pending (see migration 0180).
 */
export async function settle(db: Db, importId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`select 1 from import where id = ${importId} for update`.execute(trx);
    await settleRows(trx, importId);
    await sql`update import set state = 'settled', upload_closed = true where id = ${importId}`.execute(trx);
  });
}

/** Rows still pending get their outcome: in a chunk put in a request → unknown, else not sent. */
async function settleRows(db: Db, importId: string): Promise<void> {
  await sql`
    with sent as (select chunk from import_chunk where import_id = ${importId} and sends > 0)
    update import_row r set
      status = case when r.chunk in (select chunk from sent) then 'unknown' else 'not_sent' end,
      errors = case when r.chunk in (select chunk from sent) then '[{"code":"outcome_unknown"}]'::jsonb else r.errors end
    where r.import_id = ${importId} and r.status = 'pending'`.execute(db);
}

/**
 * The browser starts an import seconds after creating it, right after its first part. One still not started
 * `idleMs` after its creation was left (a tab closed, a start refused, the first part never came): it is
 * closed, so it no longer shows as uploading, and its rows are settled as after a job. Normally none was
 * sent; but a start that read the import as uploading may have created its job and sent a chunk just before
 * (startImport then cancels it): those rows end unknown, not "not sent". Under each import row's lock, as
 * storePart takes it: a part arriving later is refused (import_not_uploading), and so is a start.
 */
export async function closeAbandoned(db: Db, idleMs: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ id: string }>`
      update import set state = 'abandoned', upload_closed = true
      where state = 'uploading' and created_at < now() - make_interval(secs => ${idleMs / 1000})
      returning id::text as id`.execute(trx);
    for (const { id } of rows) await settleRows(trx, id);
  });
}

// ----- The job's side: one chunk at a time -----

export interface ChunkRow {
  rowNo: number;
  item: Record<string, unknown> | null;
  keyed: boolean;
  status: RowStatus;
}

export interface LoadedChunk {
  /** Requests that carried this chunk so far (takeChunk): above 0, its rows without an outcome may be written. */
  sends: number;
  /** The chunk's rows in file order; `item` only when asked for. */
  rows: ChunkRow[];
}

/**
 * The chunk's rows, with each row's item when `items` is given: its own, or else its chunk body's at the
 * row's place, the body being parsed only when `items` (an SQL condition) holds.
 */
const chunkRows = (importId: string, chunk: number, items: RawBuilder<boolean> | null) => sql`
  select r.row_no, r.keyed, r.status, ${items ? sql`coalesce(r.item, e.item)` : sql`null::jsonb`} as item
  from import_row r
  ${
    items
      ? sql`left join (
          select e.item, e.row_no from import_chunk c
            cross join lateral rows from (
              jsonb_array_elements(case when ${items} then c.body::jsonb end),
              unnest(case when ${items} then c.body_row_nos end)
            ) as e(item, row_no)
          where c.import_id = ${importId} and c.chunk = ${chunk}
        ) e on e.row_no = r.row_no`
      : sql``
  }
  where r.import_id = ${importId} and r.chunk = ${chunk}`;

/** The chunk's rows in file order. Read as one JSON text: PGlite decodes a result row by row in JavaScript. */
export async function loadChunk(db: Db, importId: string, chunk: number, options: { items?: boolean } = {}): Promise<LoadedChunk> {
  const { rows } = await sql<{ sends: number | null; rows: string | null }>`
    select (select sends from import_chunk where import_id = ${importId} and chunk = ${chunk}) as sends,
      (select json_agg(json_build_array(r.row_no, r.keyed, r.status, r.item) order by r.row_no)::text
       from (${chunkRows(importId, chunk, options.items ? sql<boolean>`true` : null)}) r) as rows`.execute(db);
  const found = rows[0]!;
  const list = JSON.parse(found.rows ?? '[]') as [number, boolean, RowStatus, Record<string, unknown> | null][];
  return { sends: found.sends ?? 0, rows: list.map(([rowNo, keyed, status, item]) => ({ rowNo, item, keyed, status })) };
}

export type TakenChunk =
  /** Nothing to send: no row of the chunk is still without an outcome. */
  | { action: 'done' }
  /** Put in a request before and not every row may be sent again: the rows' outcome is unknown. */
  | { action: 'unknown'; rowNos: number[] }
  /**
   * Marked sent (committed): send these rows now. `body` is the request stored at upload when it holds
   * exactly them, else `items` are the rows' items in order. `keyed`: every row is an idempotent upsert.
   */
  | { action: 'send'; rowNos: number[]; keyed: boolean; body: string | null; items: Record<string, unknown>[] | null }
  /** Rows without an item to send (never expected): nothing was marked or sent. */
  | { action: 'broken'; sends: number; rowNos: number[] };

/**
 * What the job does with a chunk, decided and marked in one statement: the chunk's rows still without an
 * outcome are marked sent (import_chunk.sends + 1) unless they were put in a request before and are not
 * all idempotent keyed upserts (the unknown-outcome rule). In autocommit, so the mark is committed before
 * the caller sends anything. The request body stored at upload is used when the chunk's rows are exactly
 * those it was stored with (all still pending, and stored by that statement: no item of their own), else
 * the items are read from the rows.
 */
export async function takeChunk(db: Db, importId: string, chunk: number): Promise<TakenChunk> {
  let found = await take(db, importId, chunk, false);
  // Rows without an item of their own in a chunk not sent whole: read again, their items from the body.
  if (!found.marked && found.pending > 0 && (found.sends === 0 || found.keyed) && !found.whole && found.bare > 0) {
    found = await take(db, importId, chunk, true);
  }
  if (found.pending === 0) return { action: 'done' };
  const list = JSON.parse(found.rows ?? '[]') as [number, Record<string, unknown> | null][];
  const rowNos = list.map(([rowNo]) => rowNo);
  if (found.marked > 0) {
    return { action: 'send', rowNos, keyed: found.keyed, body: found.body, items: found.whole ? null : list.map(([, item]) => item!) };
  }
  if (found.sends > 0 && !found.keyed) return { action: 'unknown', rowNos };
  return { action: 'broken', sends: found.sends, rowNos };
}

/**
 * takeChunk's statement. Without `fromBody` (every send: kept small, as it is planned every time) a row's item
 * is its own, and a chunk with rows without one is marked only when it is sent whole, as its body. With it,
 * such rows take their items from the body, and the chunk is sent as items.
 */
async function take(db: Db, importId: string, chunk: number, fromBody: boolean) {
  const rowsOf = fromBody ? sql`(${chunkRows(importId, chunk, sql<boolean>`true`)})` : sql`import_row`;
  const whole = fromBody
    ? sql`false`
    : sql`coalesce(c.body is not null and s.pending = s.total and s.total = c.body_rows
          and case when c.body_row_nos is null then s.bare = 0 else s.bare = s.total end, false)`;
  const { rows } = await sql<{ sends: number; pending: number; bare: number; keyed: boolean; whole: boolean; marked: number; body: string | null; rows: string | null }>`
    with d as (
      select s.*, coalesce(c.sends, 0) as sends, ${whole} as whole
      from (
        select count(*)::int as total,
          count(*) filter (where r.status = 'pending')::int as pending,
          count(*) filter (where r.status = 'pending' and r.item is null)::int as bare,
          coalesce(bool_and(r.keyed) filter (where r.status = 'pending'), true) as keyed,
          json_agg(json_build_array(r.row_no, r.item) order by r.row_no) filter (where r.status = 'pending') as rows
        from ${rowsOf} r ${fromBody ? sql`` : sql`where r.import_id = ${importId} and r.chunk = ${chunk}`}
      ) s left join import_chunk c on c.import_id = ${importId} and c.chunk = ${chunk}
    ),
    mark as (
      insert into import_chunk as k (import_id, chunk, sends)
      select ${importId}, ${chunk}, 1 from d
      where d.pending > 0 and (d.sends = 0 or d.keyed) and (d.whole or d.bare = 0)
      on conflict (import_id, chunk) do update set sends = k.sends + 1
      returning 1
    )
    select d.sends, d.pending, d.bare, d.keyed, d.whole, (select count(*) from mark)::int as marked,
      case when d.whole then (select body from import_chunk where import_id = ${importId} and chunk = ${chunk}) end as body,
      d.rows::text as rows
    from d`.execute(db);
  return rows[0]!;
}

export interface RowOutcome {
  rowNo: number;
  status: 'created' | 'updated' | 'ok' | 'failed' | 'unknown' | 'not_sent';
  recordId: number | null;
  errors: RowIssue[];
}

/** The outcomes of one chunk's rows. */
export async function recordOutcomes(db: Db, importId: string, chunk: number, outcomes: readonly RowOutcome[]): Promise<void> {
  await recordChunkOutcomes(db, importId, [{ chunk, outcomes }]);
}

/**
 * The outcomes of several chunks' rows, in one statement (the job records the chunks finished since its last
 * flush together: one statement and one run of the count trigger instead of one per chunk). A row is
 * written only while it is still in that chunk; the chunks bound the statement to their rows (an index lookup).
 * `= any(array)`, not `in (…)`: with one chunk, `in` would let the planner filter the recordset by it and
 * join by nested loop, reading the whole recordset once per row.
 */
export async function recordChunkOutcomes(
  db: Db,
  importId: string,
  chunks: readonly { chunk: number; outcomes: readonly RowOutcome[] }[],
): Promise<void> {
  const records = chunks.flatMap(({ chunk, outcomes }) =>
    outcomes.map((o) => ({ row_no: o.rowNo, chunk, status: o.status, record_id: o.recordId, errors: o.errors })),
  );
  if (!records.length) return;
  const list = [...new Set(records.map((r) => r.chunk))];
  await sql`
    update import_row r set status = x.status, record_id = x.record_id, errors = x.errors
    from json_to_recordset(${json(records)}::json) as x(row_no integer, chunk integer, status text, record_id bigint, errors jsonb)
    where r.import_id = ${importId} and r.chunk = any(${list}::int[]) and r.row_no = x.row_no and r.chunk = x.chunk`.execute(db);
}

// ----- Saved column mappings -----

export async function getSavedMapping(db: Db, userId: string, family: FamilyName): Promise<SavedMapping> {
  const { rows } = await sql<{ mapping: SavedMapping }>`
    select mapping from import_mapping where user_id = ${userId} and family = ${family}`.execute(db);
  return rows[0]?.mapping ?? {};
}

export async function saveMapping(db: Db, userId: string, family: FamilyName, mapping: SavedMapping): Promise<void> {
  await sql`
    insert into import_mapping (user_id, family, mapping) values (${userId}, ${family}, ${json(mapping)}::jsonb)
    on conflict (user_id, family) do update set mapping = import_mapping.mapping || excluded.mapping, updated_at = now()`.execute(db);
}
