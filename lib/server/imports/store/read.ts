import 'server-only';
import { sql } from 'kysely';
import type { RowIssue } from '@/lib/imports/check';
import type { FamilyName } from '@/lib/imports/families';
import type { PredictedKind } from '@/lib/contract/console/import-files';
import { noRowCounts } from '@/lib/contract/console/imports';
import type { Db, ImportView, RowStatus, RowView } from './types';

// What the pages read: an import, the history list, and an import's rows.

/** A pending row of a chunk already put in a request: shown as "sending" (its outcome may be on the way). */
const inSentChunk = sql`exists (select 1 from import_chunk c where c.import_id = r.import_id and c.chunk = r.chunk and c.sends > 0)`;

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
  origin: ImportView['origin'];
  reverts_import_id: string | null;
};

const iso = (value: Date | string) => new Date(value).toISOString();

export async function getImport(db: Db, id: string): Promise<ImportView | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  // Mispredictions are counted only for an import with refused rows and none still to send: the page polls
  // this every second while rows go out, and shows the count once they are all through.
  // Rows sent that the comparison said change nothing are told apart from "updated" the same way, once through.
  const { rows } = await sql<
    ImportRowDb & {
      counts: Partial<Record<RowStatus, number>> | null;
      mispredicted: number;
      unchanged: number;
      reverts_bulk: boolean | null;
    }
  >`
    select i.*, i.id::text as id, c.counts,
      (select u.origin = 'bulk' from import u where u.id = i.reverts_import_id) as reverts_bulk,
      case when coalesce((c.counts->>'failed')::int, 0) > 0 and coalesce((c.counts->>'pending')::int, 0) = 0 then
        (select count(*)::int from import_row r where r.import_id = i.id and r.status = 'failed' and r.predicted is not null)
      else 0 end as mispredicted,
      case when coalesce((c.counts->>'updated')::int, 0) > 0 and coalesce((c.counts->>'pending')::int, 0) = 0 then
        (select count(*)::int from import_row r where r.import_id = i.id and r.status = 'updated' and r.predicted = 'same')
      else 0 end as unchanged
    from import i left join import_count c on c.import_id = i.id where i.id = ${id}`.execute(db);
  const row = rows[0];
  if (!row) return null;
  // Kept per import by the database (migration 0130): the page polls this every second.
  const counts = { ...noRowCounts(), ...(row.counts ?? {}) };
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
    mispredicted: Number(row.mispredicted),
    unchanged: Number(row.unchanged),
    origin: row.origin ?? 'file',
    revertsImportId: row.reverts_import_id === null ? null : String(row.reverts_import_id),
    revertsBulk: Boolean(row.reverts_bulk),
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

export async function listImports(db: Db, options: ImportFilters = {}) {
  // coalesce: an import without a job (nothing to send, or abandoned) would make this null, and `not null`
  // would leave it out of every filter.
  const running = sql`(i.state = 'uploading' or coalesce(j.state in ('planning', 'running'), false))`;
  // An abandoned upload is to fix even when none of its rows arrived: no row of the file was imported.
  const toFix = sql`(i.state = 'abandoned' or (coalesce((c.counts->>'failed')::int, 0) + coalesce((c.counts->>'unknown')::int, 0) + coalesce((c.counts->>'not_sent')::int, 0)) > 0)`;
  const where = [
    options.family ? sql`i.family = ${options.family}` : null,
    options.createdByEmail ? sql`i.created_by_email = ${options.createdByEmail}` : null,
    options.state === 'running' ? running : null,
    options.state === 'cancelled' ? sql`j.state = 'cancelled'` : null,
    options.state === 'to_fix' ? sql`not ${running} and coalesce(j.state, '') <> 'cancelled' and ${toFix}` : null,
    options.state === 'succeeded'
      ? sql`not ${running} and coalesce(j.state, '') <> 'cancelled' and not ${toFix}`
      : null,
  ].filter((w) => w !== null);
  const { rows } = await sql<
    ImportRowDb & {
      job_state: string | null;
      counts: Partial<Record<RowStatus, number>> | null;
      attempts: number;
      mispredicted: number;
    }
  >`
    select i.*, i.id::text as id, j.state as job_state,
      c.counts,
      (select count(*)::int from import_attempt a where a.import_id = i.id) as attempts,
      case when coalesce((c.counts->>'failed')::int, 0) > 0 then
        (select count(*)::int from import_row r where r.import_id = i.id and r.status = 'failed' and r.predicted is not null)
      else 0 end as mispredicted
    from import i left join job j on j.id::text = i.job_id left join import_count c on c.import_id = i.id
    ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    order by i.created_at desc, i.id desc limit ${options.limit ?? 100}`.execute(db);
  return rows.map((r) => {
    const counts = { ...noRowCounts(), ...(r.counts ?? {}) };
    return {
      id: r.id,
      family: r.family,
      fileName: r.file_name,
      /** `bulk` for a bulk edit: the list names its revert "Revert this bulk edit". */
      origin: r.origin ?? 'file',
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
      mispredicted: Number(r.mispredicted),
    };
  });
}

/** Who started imports, for the history's person filter. */
export async function importPeople(db: Db): Promise<string[]> {
  const { rows } = await sql<{
    email: string;
  }>`select distinct created_by_email as email from import order by 1`.execute(db);
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
  predicted: PredictedKind | null;
};

type RowTuple = [
  RowDb['row_no'],
  RowDb['line'],
  RowDb['cells'],
  RowDb['record_id'],
  RowDb['errors'],
  RowDb['warnings'],
  RowDb['attempt'],
  RowDb['status'],
  RowDb['history'],
  RowDb['predicted'],
];

const rowView = (r: RowDb): RowView => ({
  rowNo: r.row_no,
  line: r.line,
  cells: r.cells,
  status: r.status,
  recordId: r.record_id == null ? null : Number(r.record_id),
  errors: r.errors,
  warnings: r.warnings,
  attempt: r.attempt,
  history: r.history.map((h) => ({
    attempt: h.attempt,
    cells: h.cells,
    status: h.status,
    recordId: h.record_id == null ? null : Number(h.record_id),
    errors: h.errors,
  })),
  predicted: r.predicted,
});

/**
 * Rows in file order, optionally of some statuses, paged by row number. Read as one JSON text (PGlite decodes
 * results row by row in JavaScript); only a row sent more than once (attempt > 1) has a history to look up.
 */
export async function listRows(
  db: Db,
  importId: string,
  options: { statuses?: readonly RowStatus[]; afterRowNo?: number; limit?: number; mispredicted?: boolean } = {},
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
    select coalesce(json_agg(json_build_array(s.row_no, s.line, s.cells, s.record_id, s.errors, s.warnings, s.attempt, s.status, s.history, s.predicted)), '[]')::text as rows from (
      select row_no, line, cells, record_id, errors, warnings, attempt, predicted,
        case when r.status = 'pending' and ${inSentChunk} then 'sending' else r.status end as status,
        case when r.attempt > 1 then
          (select coalesce(jsonb_agg(jsonb_build_object('attempt', a.attempt, 'cells', a.cells, 'status', a.status,
                    'record_id', a.record_id, 'errors', a.errors) order by a.attempt), '[]'::jsonb)
           from import_row_attempt a where a.import_id = r.import_id and a.row_no = r.row_no)
        else '[]'::jsonb end as history
      from import_row r
      where import_id = ${importId} and row_no > ${options.afterRowNo ?? -1}
        ${stored ? sql`and status in (${sql.join(stored)}) ${split}` : sql``}
        ${options.mispredicted ? sql`and status = 'failed' and predicted is not null` : sql``}
      order by row_no limit ${Math.min(options.limit ?? 100, 10_000)}
    ) s`.execute(db);
  const list = JSON.parse(rows[0]!.rows) as RowTuple[];
  return list
    .map(([row_no, line, cells, record_id, errors, warnings, attempt, status, history, predicted]) =>
      rowView({ row_no, line, cells, record_id, errors, warnings, attempt, status, history, predicted }),
    )
    .sort((a, b) => a.rowNo - b.rowNo);
}
