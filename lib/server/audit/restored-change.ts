import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ChangeSource, FieldDiff, HistoryValue, RecordType, RestoredChange } from '@/lib/contract/history';
import type { ConsoleDatabase, WriteResult } from '../db';

/** A History entry a restore may undo: its change record, the record it belongs to, when and by whom. */
export interface RestorableChange {
  changeId: string;
  recordType: RecordType;
  recordId: string;
  at: string;
  userEmail: string;
  source: ChangeSource;
  result: WriteResult | null;
  changes: FieldDiff[] | null;
  /**
   * An import row sent without "Compare with live data": its fields as the mirror held them just before the write
   * (import_row_prior), the old values History did not read.
   */
  prior: Record<string, HistoryValue> | null;
}

const ID = /^[1-9][0-9]{0,18}$/;

/**
 * The change record `changeId` when it is the given record's and changed fields (a finding names values but
 * wrote none): what a restore names. Null otherwise, so a save whose marker points at another record's change
 * (or at none) is refused before it is sent.
 */
export async function restoredChange(
  db: Kysely<ConsoleDatabase>,
  changeId: string,
  record: { type: RecordType; id: string },
): Promise<RestorableChange | null> {
  if (!ID.test(changeId) || !ID.test(record.id)) return null;
  const { rows } = await sql<{
    id: string;
    record_type: RecordType;
    record_id: string;
    at: Date | string;
    user_email: string;
    source: ChangeSource;
    result: WriteResult | null;
    changes: unknown;
    prior: unknown;
  }>`
    select c.id::text as id, c.record_type, c.record_id, c.at, a.user_email, c.source, c.result, c.changes, p.prior
    from audit_change c join audit_log a on a.id = c.audit_id
      left join import_row_prior p on p.import_id = a.import_id and p.row_no = c.row_no and p.attempt = a.attempt
    where c.id = ${changeId}::bigint and c.record_type = ${record.type} and c.record_id = ${record.id}
      and c.source <> 'attention' and c.finding is null`.execute(db);
  const row = rows[0];
  if (!row) return null;
  const parsed = typeof row.changes === 'string' ? (JSON.parse(row.changes) as unknown) : row.changes;
  const prior = typeof row.prior === 'string' ? (JSON.parse(row.prior) as unknown) : row.prior;
  return {
    changeId: row.id,
    recordType: row.record_type,
    recordId: row.record_id,
    at: new Date(row.at).toISOString(),
    userEmail: row.user_email,
    source: row.source,
    result: row.result,
    changes: Array.isArray(parsed) ? (parsed as FieldDiff[]) : null,
    prior: prior && typeof prior === 'object' ? (prior as Record<string, HistoryValue>) : null,
  };
}

/** The History entry each of these audit entries restored (their change record's link), for the audit page's words. */
export async function restoredBy(
  db: Kysely<ConsoleDatabase>,
  auditIds: readonly string[],
): Promise<Map<string, RestoredChange>> {
  const ids = auditIds.filter((id) => ID.test(id));
  if (!ids.length) return new Map();
  const { rows } = await sql<{
    audit_id: string;
    id: string;
    at: Date | string;
    source: ChangeSource;
    user_email: string;
  }>`
    select c.audit_id::text as audit_id, r.id::text as id, r.at, r.source, ra.user_email
    from audit_change c join audit_change r on r.id = c.restores_change_id join audit_log ra on ra.id = r.audit_id
    where c.audit_id = any(${ids}::bigint[]) and c.restores_change_id is not null`.execute(db);
  return new Map(
    rows.map((r) => [
      r.audit_id,
      { changeId: r.id, at: new Date(r.at).toISOString(), userEmail: r.user_email, source: r.source },
    ]),
  );
}
