import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { FieldDiff, HistoryEntry, RecordType } from '@/lib/contract/history';
import type { OperationId } from '@/lib/contract/operations';
import type { ConsoleDatabase } from '../db/types';

/**
 * applied: the service answered 2xx with a body that says what happened; refused: a 4xx, or stopped
 * before sending (nothing was written); unknown: a 5xx, no answer, or a 2xx whose body cannot be read.
 * (The table and this type are in ../db/types, with the console database's other tables.)
 */
export type { AuditLogTable, WriteResult } from '../db/types';
import type { WriteResult } from '../db/types';

/** Changes to the console's own sign-in accounts (Settings), logged beside the /v1 writes. */
export type AccountOperation =
  | `account create (${string})`
  | `account set-role (${string})`
  | 'account disable'
  | 'account enable';

/** A write to the console's own endpoints (`POST /api/imports/[id]/start`) or server actions (`action quotas.apply`). */
export type ConsoleOperation = `${'POST' | 'PUT' | 'DELETE'} /api/${string}` | `action ${string}`;

export interface AuditRecord {
  userId: string;
  userEmail: string;
  operation: OperationId | AccountOperation | ConsoleOperation;
  targetIds: string[];
  /** Upstream HTTP status, or the proxy's own 504/502 when no answer came. */
  status: number;
  outcome: string;
  /** Null on entries that are not upstream writes, and on rows older than the column. */
  result?: WriteResult | null;
  /** Batch items that failed, and those whose fate is unknown. */
  failedIds?: string[];
  unknownIds?: string[];
  /** The kind of record written (lib/contract/history), null for what is not a record (accounts). */
  recordType?: RecordType | null;
  /** A single write's fields, old → new as the person confirmed them; null for a batch. */
  changes?: FieldDiff[] | null;
}

export interface AuditEntryView extends AuditRecord {
  id: string;
  /** ISO 8601, UTC. */
  at: string;
}

export interface AuditPage {
  entries: AuditEntryView[];
  totalCount: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

export const AUDIT_PAGE_SIZE_DEFAULT = 50;
export const AUDIT_PAGE_SIZE_MAX = 200;

export async function recordAudit(db: Kysely<ConsoleDatabase>, record: AuditRecord): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: record.userId,
      user_email: record.userEmail,
      operation: record.operation,
      target_ids: record.targetIds,
      status: record.status,
      outcome: record.outcome,
      result: record.result ?? null,
      failed_ids: record.failedIds ?? [],
      unknown_ids: record.unknownIds ?? [],
      record_type: record.recordType ?? null,
      changes: record.changes ? JSON.stringify(record.changes) : null,
    })
    .execute();
}

/** What the audit page can narrow the log to (each optional; all given ones apply). */
export interface AuditFilters {
  /** The e-mail of the person, exact. */
  person?: string;
  operation?: string;
  result?: WriteResult;
  /** Inclusive bounds on the time of the write. */
  from?: Date;
  to?: Date;
}

function readChanges(value: unknown): FieldDiff[] | null {
  const parsed = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  return Array.isArray(parsed) ? (parsed as FieldDiff[]) : null;
}

/**
 * A record's history: the writes made through the console whose targets include it, newest first. Capped:
 * a panel shows the recent past; the audit page holds the rest.
 */
export async function listHistory(db: Kysely<ConsoleDatabase>, type: RecordType, id: string, limit = 100): Promise<HistoryEntry[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'at', 'user_email', 'operation', 'result', 'outcome', 'status', 'changes'])
    .where('record_type', '=', type)
    .where(sql<boolean>`target_ids @> array[${id}]::text[]`)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    at: new Date(row.at).toISOString(),
    userEmail: row.user_email,
    operation: row.operation,
    result: row.result,
    outcome: row.outcome,
    status: row.status,
    changes: readChanges(row.changes),
  }));
}

/** The people and operations present in the log, for the audit page's filter lists. */
export async function auditFilterChoices(db: Kysely<ConsoleDatabase>): Promise<{ people: string[]; operations: string[] }> {
  const [people, operations] = await Promise.all([
    db.selectFrom('audit_log').select('user_email').distinct().orderBy('user_email').limit(500).execute(),
    db.selectFrom('audit_log').select('operation').distinct().orderBy('operation').limit(500).execute(),
  ]);
  return { people: people.map((r) => r.user_email), operations: operations.map((r) => r.operation) };
}

/** One page of the log, newest first. Out-of-range input is clamped: this is a console screen, not an API. */
export async function listAudit(
  db: Kysely<ConsoleDatabase>,
  input: { page?: number; pageSize?: number; filters?: AuditFilters } = {},
): Promise<AuditPage> {
  const pageSize = Math.min(Math.max(Math.trunc(input.pageSize ?? AUDIT_PAGE_SIZE_DEFAULT) || 1, 1), AUDIT_PAGE_SIZE_MAX);
  const page = Math.min(Math.max(Math.trunc(input.page ?? 1) || 1, 1), 1_000_000);
  const f = input.filters ?? {};
  const adb = db
    .selectFrom('audit_log')
    .$if(Boolean(f.person), (q) => q.where('user_email', '=', f.person!))
    .$if(Boolean(f.operation), (q) => q.where('operation', '=', f.operation!))
    .$if(Boolean(f.result), (q) => q.where('result', '=', f.result!))
    .$if(Boolean(f.from), (q) => q.where('at', '>=', f.from!))
    .$if(Boolean(f.to), (q) => q.where('at', '<=', f.to!));
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
    entries: rows.map((row) => ({
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
    })),
    totalCount,
    page,
    pageSize,
    totalPages: Math.ceil(totalCount / pageSize),
  };
}
