import 'server-only';
import type { EntryChange } from '@/lib/contract/console/audit';
import { sql, type Kysely } from 'kysely';
import { familyOf, type AuditFamily, type ChangeSource } from '@/lib/contract/history';
import type { ConsoleDatabase } from '../db';
import type { AuditRecord } from './audit-record';

/** One record a write touched: what its History shows. */
/**
 * One record's change as recorded: the shape the audit page reads back (lib/contract/console/audit.ts), with
 * action (created | updated, when the answer said which) and row number left out where unknown.
 */
export type ChangeRecord = Omit<EntryChange, 'action' | 'rowNo'> & { action?: string | null; rowNo?: number | null };

/** What the job runtime adds to an entry it records for a batch it sent. */
export interface BatchOrigin {
  family: AuditFamily;
  jobId: string | null;
  importId: string;
  attempt: number | null;
  chunk: number | null;
}

const ID = /^[1-9][0-9]{0,18}$/;

/**
 * The change records of a write sent through the proxy: one per record id it names. A refused write changed
 * nothing, so its records carry no fields; an unknown one carries the values sent (they may or may not have
 * been written); a batch of more than one item has no per-record diff here.
 */
export function proxyChanges(record: AuditRecord): ChangeRecord[] {
  if (!record.recordType) return [];
  const family = familyOf(record.operation);
  const source: ChangeSource = family === 'panel' ? 'panel' : 'form';
  const ids = record.targetIds.filter((id) => ID.test(id));
  const single = ids.length === 1 ? (record.changes ?? null) : null;
  const kept = record.result === 'refused' ? null : single;
  return ids.map((recordId) => ({
    recordType: record.recordType!,
    recordId,
    source,
    result: record.result ?? null,
    action:
      record.result === 'applied' && (record.outcome === 'created' || record.outcome === 'updated')
        ? record.outcome
        : null,
    changes: kept,
    oldRead: Boolean(kept?.some((c) => 'from' in c)),
  }));
}

const json = (value: unknown) => JSON.stringify(value);

/**
 * Writes an audit entry and its change records in one statement: one insert of the entry, one set-based
 * insert of its records (a 200-row chunk is one statement, not 200). Returns the entry's id.
 */
export async function insertAudit(
  db: Kysely<ConsoleDatabase>,
  record: AuditRecord,
  changes: readonly ChangeRecord[],
  origin?: BatchOrigin,
): Promise<string> {
  const family = origin?.family ?? familyOf(record.operation);
  const rows = changes.map((c) => ({
    record_type: c.recordType,
    record_id: c.recordId,
    source: c.source,
    result: c.result,
    action: c.action ?? null,
    row_no: c.rowNo ?? null,
    changes: c.changes,
    old_read: c.oldRead,
  }));
  const { rows: inserted } = await sql<{ id: string }>`
    with entry as (
      insert into audit_log (user_id, user_email, operation, target_ids, status, outcome, result, failed_ids, unknown_ids,
        record_type, changes, family, job_id, import_id, attempt, chunk, request_id, client_address)
      values (${record.userId}, ${record.userEmail}, ${record.operation}, ${record.targetIds}::text[], ${record.status},
        ${record.outcome}, ${record.result ?? null}, ${record.failedIds ?? []}::text[], ${record.unknownIds ?? []}::text[],
        ${record.recordType ?? null}, ${record.changes ? json(record.changes) : null}::jsonb, ${family},
        ${origin?.jobId ?? null}, ${origin?.importId ?? null}::bigint, ${origin?.attempt ?? null}::int, ${origin?.chunk ?? null}::int, ${record.requestId ?? null},
        ${record.clientAddress ?? null})
      returning id, at
    ),
    records as (
      insert into audit_change (audit_id, at, record_type, record_id, source, result, action, row_no, changes, old_read)
      select entry.id, entry.at, x.record_type, x.record_id, x.source, x.result, x.action, x.row_no, x.changes, x.old_read
      from entry, json_to_recordset(${json(rows)}::json)
        as x(record_type text, record_id text, source text, result text, action text, row_no integer, changes jsonb, old_read boolean)
    )
    select id::text as id from entry`.execute(db);
  return inserted[0]!.id;
}
