import 'server-only';
import type { Kysely } from 'kysely';
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

export interface AuditRecord {
  userId: string;
  userEmail: string;
  operation: OperationId | AccountOperation;
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
    })
    .execute();
}

/** One page of the log, newest first. Out-of-range input is clamped: this is a console screen, not an API. */
export async function listAudit(
  db: Kysely<ConsoleDatabase>,
  input: { page?: number; pageSize?: number } = {},
): Promise<AuditPage> {
  const pageSize = Math.min(Math.max(Math.trunc(input.pageSize ?? AUDIT_PAGE_SIZE_DEFAULT) || 1, 1), AUDIT_PAGE_SIZE_MAX);
  const page = Math.min(Math.max(Math.trunc(input.page ?? 1) || 1, 1), 1_000_000);
  const adb = db;
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
      operation: row.operation as OperationId | AccountOperation,
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
