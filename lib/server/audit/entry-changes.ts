import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ChangeSource, FieldDiff, FindingRecord, RecordType } from '@/lib/contract/history';
import type { ConsoleDatabase, WriteResult } from '../db';
import { recordKey, recordNames } from './record-names';
import type { LiveNames } from './value-names';

import type { EntryChange } from '@/lib/contract/console/audit';
export type { EntryChange } from '@/lib/contract/console/audit';

/** Rows shown when an entry is expanded; an import chunk holds at most 200. */
export const ENTRY_CHANGES_MAX = 500;

/** The change records of one audit entry, in row order (audit_change_audit_idx). */
export async function listEntryChanges(
  db: Kysely<ConsoleDatabase>,
  auditId: string,
  live?: LiveNames,
): Promise<EntryChange[]> {
  if (!/^[1-9][0-9]{0,18}$/.test(auditId)) return [];
  const { rows } = await sql<{
    record_type: RecordType;
    record_id: string;
    source: ChangeSource;
    result: WriteResult | null;
    action: string | null;
    row_no: number | null;
    changes: FieldDiff[] | null;
    old_read: boolean;
    finding: FindingRecord | string | null;
    unchanged: number | null;
  }>`
    select record_type, record_id, source, result, action, row_no, changes, old_read, finding, unchanged from audit_change
    where audit_id = ${auditId} order by row_no nulls first, id limit ${ENTRY_CHANGES_MAX}`.execute(db);
  const names = await recordNames(
    db,
    rows.map((r) => ({ type: r.record_type, id: r.record_id })),
    live,
  );
  return rows.map((r) => ({
    recordType: r.record_type,
    recordId: r.record_id,
    source: r.source,
    result: r.result,
    action: r.action,
    rowNo: r.row_no,
    changes: typeof r.changes === 'string' ? (JSON.parse(r.changes) as FieldDiff[]) : r.changes,
    oldRead: r.old_read,
    finding: typeof r.finding === 'string' ? (JSON.parse(r.finding) as FindingRecord) : r.finding,
    unchanged: r.unchanged ?? 0,
    label: names.get(recordKey(r.record_type, r.record_id)) ?? null,
  }));
}
