import 'server-only';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { OperationId } from '@/lib/contract/operations';

export interface AuditLogTable {
  id: Generated<string>;
  at: ColumnType<Date, Date | string | undefined, never>;
  user_id: string;
  user_email: string;
  operation: string;
  target_ids: string[];
  status: number;
  outcome: string;
  result: ColumnType<WriteResult | null, WriteResult | null | undefined, never>;
  failed_ids: ColumnType<string[], string[] | undefined, never>;
  unknown_ids: ColumnType<string[], string[] | undefined, never>;
}

/**
 * applied: the service answered 2xx with a body that says what happened; refused: a 4xx, or stopped
 * before sending (nothing was written); unknown: a 5xx, no answer, or a 2xx whose body cannot be read.
 */
export type WriteResult = 'applied' | 'refused' | 'unknown';

/** The audit table as this module sees it; the console database holds more tables than that. */
export interface AuditDatabase {
  audit_log: AuditLogTable;
}

export interface AuditRecord {
  userId: string;
  userEmail: string;
  operation: OperationId;
  targetIds: string[];
  /** Upstream HTTP status, or the proxy's own 504/502 when no answer came. */
  status: number;
  outcome: string;
  /** Null on entries that are not upstream writes, and on rows older than the column. */
  result?: WriteResult | null;
  /** Batch items that failed, and those whose fate is unknown. */
  failedIds?: string[];
  unknownIds?: string[];
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

function auditDb(db: Kysely<unknown>): Kysely<AuditDatabase> {
  return db as unknown as Kysely<AuditDatabase>;
}

export async function recordAudit(db: Kysely<unknown>, record: AuditRecord): Promise<void> {
  await auditDb(db)
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
    })
    .execute();
}

/** One page of the log, newest first. Out-of-range input is clamped: this is a console screen, not an API. */
export async function listAudit(
  db: Kysely<unknown>,
  input: { page?: number; pageSize?: number } = {},
): Promise<AuditPage> {
  const pageSize = Math.min(Math.max(Math.trunc(input.pageSize ?? AUDIT_PAGE_SIZE_DEFAULT) || 1, 1), AUDIT_PAGE_SIZE_MAX);
  const page = Math.min(Math.max(Math.trunc(input.page ?? 1) || 1, 1), 1_000_000);
  const adb = auditDb(db);
  const [{ count } = { count: 0 }] = await adb
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .execute();
  const rows = await adb
    .selectFrom('audit_log')
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
      operation: row.operation as OperationId,
      targetIds: row.target_ids ?? [],
      status: row.status,
      outcome: row.outcome,
      result: row.result,
      failedIds: row.failed_ids ?? [],
      unknownIds: row.unknown_ids ?? [],
    })),
    totalCount,
    page,
    pageSize,
    totalPages: Math.ceil(totalCount / pageSize),
  };
}
