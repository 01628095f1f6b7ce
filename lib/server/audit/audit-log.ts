import 'server-only';
import { sql, type Kysely, type Selectable } from 'kysely';
import {
  HISTORY_PAGE_SIZE,
  type AuditFamily,
  type ChangeSource,
  type DetectionWindowView,
  type FieldDiff,
  type FindingRecord,
  type HistoryEntry,
  type HistoryPage,
  type RecordType,
  type RestoredChange,
} from '@/lib/contract/history';
import type { OperationId } from '@/lib/contract/operations';
import type { ConsoleDatabase } from '../db';
import { clampPage } from './paging';

/**
 * applied: the service answered 2xx with a body that says what happened; refused: a 4xx, or stopped
 * before sending (nothing was written); unknown: a 5xx, no answer, or a 2xx whose body cannot be read.
 * (The table and this type are in ../db/types, with the console database's other tables.)
 */
export type { AuditLogTable, WriteResult } from '../db';
import type { AuditLogTable, WriteResult } from '../db';
import type { AccountOperation, AuditRecord, ConsoleOperation } from './audit-record';
export type { AccountOperation, AuditRecord, ConsoleOperation };
export { recordAudit } from './record';

export interface AuditEntryView extends AuditRecord {
  id: string;
  family: AuditFamily;
  /** The job and import (results page) that sent a batch, with its attempt and chunk. */
  jobId: string | null;
  importId: string | null;
  attempt: number | null;
  chunk: number | null;
  /** ISO 8601, UTC. */
  at: string;
  /** A change found outside the console: when it happened (between two passes). */
  window: DetectionWindowView | null;
  /** A restore's save: the History entry whose old values it put back (the audit page names it). */
  restored?: RestoredChange | null;
}

export interface AuditPage {
  entries: AuditEntryView[];
  totalCount: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

/** What the audit page can narrow the log to (each optional; all given ones apply). */
export interface AuditFilters {
  /** The e-mail of the person, exact. */
  person?: string;
  operation?: string;
  /** The family of operation (form, panel, bulk, import, resend…). */
  family?: AuditFamily;
  /**
   * Entries that touched this record (several ids: every record with an ERP code), or any of these records
   * (a type of null: a record of any family with that id).
   */
  record?: { type: RecordType; id: string | string[] } | { type: RecordType | null; id: string }[];
  result?: WriteResult;
  /** Inclusive bounds on the time of the write. */
  from?: Date;
  to?: Date;
}

function readChanges(value: unknown): FieldDiff[] | null {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? (parsed as FieldDiff[]) : null;
}

function readFinding(value: unknown): FindingRecord | null {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as FindingRecord) : null;
}

/**
 * A record's history: the writes made through the console whose change records name it, newest first, as
 * one index range (audit_change_record_idx). Capped: the panel pages through the rest (listHistoryPage).
 */
export async function listHistory(
  db: Kysely<ConsoleDatabase>,
  type: RecordType,
  id: string,
  limit = 100,
): Promise<HistoryEntry[]> {
  return (await listHistoryPage(db, type, id, { limit })).entries;
}

/** One page of a record's history; `older` (a change record's id) continues after the page it came with. */
export async function listHistoryPage(
  db: Kysely<ConsoleDatabase>,
  type: RecordType,
  id: string,
  options: { limit?: number; older?: string | null } = {},
): Promise<HistoryPage> {
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? HISTORY_PAGE_SIZE) || 1, 1), 200);
  const older = options.older && /^[1-9][0-9]{0,18}$/.test(options.older) ? options.older : null;
  const { rows } = await sql<HistoryRow>`
    select c.id::text as id, c.at, c.source, c.result, c.action, c.changes, c.old_read, c.finding, c.unchanged,
      a.id::text as audit_id, a.user_email, a.operation, a.outcome, a.status, a.import_id::text as import_id, a.attempt,
      a.window_from, a.window_to,
      (select i.reverts_import_id::text from import i where i.id = a.import_id and c.source = 'revert') as reverts_import_id,
      (select o.origin = 'bulk' from import i join import o on o.id = i.reverts_import_id
        where i.id = a.import_id and c.source = 'revert') as reverts_bulk,
      r.id::text as restores_id, r.at as restores_at, r.source as restores_source, ra.user_email as restores_email
    from audit_change c join audit_log a on a.id = c.audit_id
      left join audit_change r on r.id = c.restores_change_id
      left join audit_log ra on ra.id = r.audit_id
    where c.record_type = ${type} and c.record_id = ${id}
      ${older ? sql`and (c.at, c.id) < (select o.at, o.id from audit_change o where o.id = ${older})` : sql``}
    order by c.at desc, c.id desc
    limit ${limit + 1}`.execute(db);
  const page = rows.slice(0, limit);
  return {
    entries: page.map((row) => ({
      id: row.id,
      at: new Date(row.at).toISOString(),
      userEmail: row.user_email,
      operation: row.operation,
      result: row.result,
      outcome: row.outcome,
      status: row.status,
      changes: readChanges(row.changes),
      source: row.source,
      oldRead: row.old_read,
      action: row.action,
      auditId: row.audit_id,
      importId: row.import_id,
      attempt: row.attempt,
      ...(row.reverts_import_id ? { revertsImportId: row.reverts_import_id } : {}),
      ...(row.reverts_bulk ? { revertsBulkEdit: true } : {}),
      ...(row.restores_id
        ? {
            restores: {
              changeId: row.restores_id,
              at: new Date(row.restores_at!).toISOString(),
              userEmail: row.restores_email ?? '',
              source: row.restores_source!,
            },
          }
        : {}),
      window: windowView(row.window_from, row.window_to),
      finding: readFinding(row.finding),
      unchanged: row.unchanged ?? 0,
    })),
    older: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}

type HistoryRow = {
  id: string;
  at: Date | string;
  source: ChangeSource;
  result: WriteResult | null;
  action: string | null;
  changes: unknown;
  old_read: boolean;
  finding: unknown;
  unchanged: number | null;
  audit_id: string;
  user_email: string;
  operation: string;
  outcome: string;
  status: number;
  import_id: string | null;
  attempt: number | null;
  window_from: Date | string | null;
  window_to: Date | string | null;
  reverts_import_id: string | null;
  reverts_bulk: boolean | null;
  restores_id: string | null;
  restores_at: Date | string | null;
  restores_source: ChangeSource | null;
  restores_email: string | null;
};

/** An outside change's detection window (audit_log.window_from/to), or null for the console's own writes. */
function windowView(from: Date | string | null, to: Date | string | null): DetectionWindowView | null {
  return to === null
    ? null
    : { from: from === null ? null : new Date(from).toISOString(), to: new Date(to).toISOString() };
}

/** The people and operations present in the log, for the audit page's filter lists. */
export async function auditFilterChoices(
  db: Kysely<ConsoleDatabase>,
): Promise<{ people: string[]; operations: string[] }> {
  const [people, operations] = await Promise.all([
    // Changes found outside the console have no person (the family filter finds them).
    db
      .selectFrom('audit_log')
      .select('user_email')
      .where('user_email', '<>', '')
      .distinct()
      .orderBy('user_email')
      .limit(500)
      .execute(),
    db.selectFrom('audit_log').select('operation').distinct().orderBy('operation').limit(500).execute(),
  ]);
  return { people: people.map((r) => r.user_email), operations: operations.map((r) => r.operation) };
}

/** A page of the log asked for: which page, how long, the filters. */
export type AuditPageRequest = { page?: number; pageSize?: number; filters?: AuditFilters };

/** The log narrowed by the filters given (each optional; all given ones apply). */
export function filteredAudit(db: Kysely<ConsoleDatabase>, f: AuditFilters) {
  const pairs = !f.record
    ? []
    : Array.isArray(f.record)
      ? f.record
      : [f.record.id].flat().map((id) => ({ type: (f.record as { type: RecordType }).type, id }));
  const byType = new Map<RecordType | null, string[]>();
  for (const p of pairs) byType.set(p.type, [...(byType.get(p.type) ?? []), p.id]);
  return db
    .selectFrom('audit_log')
    .$if(Boolean(f.person), (q) => q.where('user_email', '=', f.person!))
    .$if(Boolean(f.operation), (q) => q.where('operation', '=', f.operation!))
    .$if(Boolean(f.family), (q) => q.where('family', '=', f.family!))
    .$if(Boolean(f.record), (q) =>
      q.where(({ exists, selectFrom }) =>
        exists(
          selectFrom('audit_change as c')
            .select(sql`1`.as('one'))
            .whereRef('c.audit_id', '=', 'audit_log.id')
            .where((eb) =>
              byType.size === 0
                ? eb.val(false)
                : eb.or(
                    [...byType].map(([type, ids]) =>
                      type
                        ? eb.and([eb('c.record_type', '=', type), eb('c.record_id', 'in', ids)])
                        : eb('c.record_id', 'in', ids),
                    ),
                  ),
            ),
        ),
      ),
    )
    .$if(Boolean(f.result), (q) => q.where('result', '=', f.result!))
    .$if(Boolean(f.from), (q) => q.where('at', '>=', f.from!))
    .$if(Boolean(f.to), (q) => q.where('at', '<=', f.to!));
}

/** One page of the log, newest first. Out-of-range input is clamped: this is a console screen, not an API. */
export async function listAudit(db: Kysely<ConsoleDatabase>, input: AuditPageRequest = {}): Promise<AuditPage> {
  const { page, pageSize } = clampPage(input);
  const adb = filteredAudit(db, input.filters ?? {});
  const [{ count } = { count: 0 }] = await adb.select((eb) => eb.fn.countAll<string | number>().as('count')).execute();
  const rows = await adb
    .selectAll()
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  const totalCount = Number(count);
  return {
    entries: rows.map(entryView),
    totalCount,
    page,
    pageSize,
    totalPages: Math.ceil(totalCount / pageSize),
  };
}

type AuditRow = Selectable<AuditLogTable>;

/** One audit_log row as the pages read it. */
export function entryView(row: AuditRow): AuditEntryView {
  return {
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    userId: row.user_id,
    userEmail: row.user_email,
    operation: row.operation as OperationId | AccountOperation | ConsoleOperation,
    targetIds: row.target_ids ?? [],
    status: row.status,
    outcome: row.outcome,
    result: row.result,
    failedIds: row.failed_ids ?? [],
    unknownIds: row.unknown_ids ?? [],
    recordType: (row.record_type as RecordType | null) ?? null,
    changes: readChanges(row.changes),
    family: row.family as AuditFamily,
    jobId: row.job_id,
    importId: row.import_id == null ? null : String(row.import_id),
    attempt: row.attempt,
    chunk: row.chunk,
    window: windowView(row.window_from, row.window_to),
    requestId: row.request_id,
    clientAddress: row.client_address,
  };
}
