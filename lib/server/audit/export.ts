import 'server-only';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FieldDiff, RecordType } from '@/lib/contract/history';
import { csvHeader, csvLines } from '@/lib/files/csv-write';
import type { XlsxColumn, XlsxOptions } from '@/lib/files/xlsx-write';
import type { ConsoleDatabase } from '../db';
import { xlsxStream } from '../../files/xlsx-stream';

/**
 * The audit log and the change records (History) for a date range, as CSV through the one CSV writer (its
 * formula guard and BOM) or as an Excel workbook through the streamed writer (ids and codes Text cells,
 * figures numbers). Read a page at a time by id, so a range of millions never sits in memory.
 */

export type AuditExportKind = 'audit' | 'history';

const PAGE = 5_000;

type EntryRow = {
  id: string;
  at: string;
  user_email: string;
  family: string;
  operation: string;
  result: string | null;
  outcome: string;
  status: number;
  target_ids: string[];
  import_id: string | null;
  attempt: number | null;
  chunk: number | null;
  request_id: string | null;
  client_address: string | null;
} & Restored;

/** The History entry a restore put back (its change record, when, by whom): what the screen links it to. */
type Restored = {
  restores_change_id: string | null;
  restores_at: string | null;
  restores_person: string | null;
  restores_source: string | null;
};

type ChangeRow = {
  id: string;
  at: string;
  user_email: string;
  operation: string;
  record_type: string;
  record_id: string;
  source: string;
  result: string | null;
  action: string | null;
  import_id: string | null;
  attempt: number | null;
  field: string | null;
  from_value: string | null;
  to_value: string | null;
  old_read: boolean;
} & Restored;

const text = (value: unknown) => (value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value));

const RESTORED_COLUMNS: XlsxColumn<Restored>[] = [
  { header: 'restores_change', value: (r) => r.restores_change_id },
  { header: 'restores_at', value: (r) => r.restores_at, kind: 'datetime' },
  // Empty for a change of the ERP (restores_source 'outside') or of the console's checks, as the screen tells it.
  { header: 'restores_person', value: (r) => r.restores_person },
  { header: 'restores_source', value: (r) => r.restores_source },
];

/** The restored change's columns: a left join on the change record a write names (none for any other write). */
const restoredOf = (changeId: RawBuilder<unknown>) => sql`left join lateral (
    select r.id::text as restores_change_id, to_char(r.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as restores_at,
      nullif(ra.user_email, '') as restores_person, r.source as restores_source
    from audit_change r join audit_log ra on ra.id = r.audit_id where r.id = ${changeId}
  ) restored on true`;

const ENTRY_COLUMNS: XlsxColumn<EntryRow>[] = [
  { header: 'at', value: (r) => r.at, kind: 'datetime' },
  { header: 'person', value: (r) => r.user_email },
  { header: 'family', value: (r) => r.family },
  { header: 'operation', value: (r) => r.operation },
  { header: 'result', value: (r) => r.result },
  { header: 'outcome', value: (r) => r.outcome },
  { header: 'status', value: (r) => r.status, kind: 'number' },
  { header: 'records', value: (r) => r.target_ids.join(' ') },
  { header: 'import', value: (r) => r.import_id },
  { header: 'attempt', value: (r) => r.attempt, kind: 'number' },
  { header: 'chunk', value: (r) => r.chunk, kind: 'number' },
  { header: 'request_id', value: (r) => r.request_id },
  // Where a sign-in or a security change came from (null for entries that do not keep it).
  { header: 'client_address', value: (r) => r.client_address },
  ...RESTORED_COLUMNS,
];

const CHANGE_COLUMNS: XlsxColumn<ChangeRow>[] = [
  { header: 'at', value: (r) => r.at, kind: 'datetime' },
  { header: 'person', value: (r) => r.user_email },
  { header: 'record_type', value: (r) => r.record_type },
  { header: 'record_id', value: (r) => r.record_id },
  { header: 'source', value: (r) => r.source },
  { header: 'operation', value: (r) => r.operation },
  { header: 'result', value: (r) => r.result },
  { header: 'action', value: (r) => r.action },
  { header: 'field', value: (r) => r.field },
  // "previous value not read" is a column of its own: an empty old value is never a guess.
  { header: 'old_value', value: (r) => r.from_value },
  { header: 'new_value', value: (r) => r.to_value },
  { header: 'old_value_read', value: (r) => r.old_read },
  { header: 'import', value: (r) => r.import_id },
  { header: 'attempt', value: (r) => r.attempt, kind: 'number' },
  // The change record's own id, so a restore's restores_change can be found in the same file.
  { header: 'change', value: (r) => r.id },
  ...RESTORED_COLUMNS,
];

async function entryPage(db: Kysely<ConsoleDatabase>, from: Date, to: Date, after: string | null): Promise<EntryRow[]> {
  const { rows } = await sql<EntryRow>`
    select a.id::text as id, to_char(a.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, a.user_email, a.family, a.operation,
      a.result, a.outcome, a.status, a.target_ids, a.import_id::text as import_id, a.attempt, a.chunk, a.request_id,
      a.client_address, restored.*
    from audit_log a
      ${restoredOf(sql`(select c.restores_change_id from audit_change c
        where c.audit_id = a.id and c.restores_change_id is not null order by c.id limit 1)`)}
    where a.at >= ${from} and a.at <= ${to} ${after ? sql`and a.id > ${after}::bigint` : sql``}
    order by a.id limit ${PAGE}`.execute(db);
  return rows;
}

async function changePage(
  db: Kysely<ConsoleDatabase>,
  from: Date,
  to: Date,
  after: string | null,
  record?: OneRecord,
): Promise<ChangeRow[]> {
  const { rows } = await sql<Omit<ChangeRow, 'field' | 'from_value' | 'to_value'> & { changes: FieldDiff[] | null }>`
    select c.id::text as id, to_char(c.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, a.user_email, a.operation,
      c.record_type, c.record_id, c.source, c.result, c.action, a.import_id::text as import_id, a.attempt, c.changes, c.old_read,
      restored.*
    from audit_change c join audit_log a on a.id = c.audit_id ${restoredOf(sql`c.restores_change_id`)}
    where c.at >= ${from} and c.at <= ${to} ${after ? sql`and c.id > ${after}` : sql``}
      ${record ? sql`and c.record_type = ${record.type} and c.record_id = any(${[record.id].flat()}::text[])` : sql``}
    order by c.id limit ${PAGE}`.execute(db);
  return rows.flatMap((r): ChangeRow[] => {
    const changes = typeof r.changes === 'string' ? (JSON.parse(r.changes) as FieldDiff[]) : r.changes;
    if (!changes?.length) return [{ ...r, field: null, from_value: null, to_value: null }];
    return changes.map((c) => ({
      ...r,
      field: c.field,
      from_value: c.secret ? null : 'from' in c ? text(c.from) : null,
      to_value: c.secret ? '(set)' : text(c.to),
    }));
  });
}

/** One record's (History export): its type and id. */
type OneRecord = { type: RecordType; id: string | string[] };

type Range = { from: Date; to: Date; record?: OneRecord };

/** The audit entries of the range, a page at a time. */
async function* entryPages(db: Kysely<ConsoleDatabase>, range: Range): AsyncGenerator<EntryRow[]> {
  for (let after: string | null = null; ;) {
    const rows = await entryPage(db, range.from, range.to, after);
    if (!rows.length) return;
    after = rows[rows.length - 1]!.id;
    yield rows;
  }
}

/** The change records of the range (of one record when asked), a page at a time. */
async function* changePages(db: Kysely<ConsoleDatabase>, range: Range): AsyncGenerator<ChangeRow[]> {
  for (let after: string | null = null; ;) {
    const rows = await changePage(db, range.from, range.to, after, range.record);
    if (!rows.length) return;
    after = rows[rows.length - 1]!.id;
    yield rows;
  }
}

async function* csvParts<Row>(
  columns: readonly XlsxColumn<Row>[],
  pages: AsyncIterable<Row[]>,
): AsyncGenerator<string> {
  yield csvHeader(columns);
  for await (const rows of pages) yield csvLines(rows, columns);
}

/** The CSV as a stream of text: header, then a page of lines at a time. */
export function auditCsv(db: Kysely<ConsoleDatabase>, kind: AuditExportKind, range: Range): ReadableStream<string> {
  return streamOf(
    kind === 'audit'
      ? csvParts(ENTRY_COLUMNS, entryPages(db, range))
      : csvParts(CHANGE_COLUMNS, changePages(db, range)),
  );
}

/** A generator's parts as a stream read on demand; a reader that stops closes the generator (its cursor). */
export function streamOf<T>(parts: AsyncGenerator<T>): ReadableStream<T> {
  return new ReadableStream<T>({
    async pull(controller) {
      const next = await parts.next();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
}

/** The same rows as an Excel workbook, streamed. */
export function auditXlsx(
  db: Kysely<ConsoleDatabase>,
  kind: AuditExportKind,
  range: Range,
  options: XlsxOptions = {},
): AsyncGenerator<Uint8Array> {
  return kind === 'audit'
    ? xlsxStream('audit-log', ENTRY_COLUMNS, () => entryPages(db, range), options)
    : xlsxStream('history', CHANGE_COLUMNS, () => changePages(db, range), options);
}
