import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { FieldDiff } from '@/lib/contract/history';
import type { ConsoleDatabase } from '../db/types';
import { fieldDiffs, sameValue } from './diff';
import { LOOKBACK_MS, MIRROR_ENTITIES, type MirrorEntityName } from './entities';
import type { StoredChange } from './store';

type Db = Kysely<ConsoleDatabase>;

/** When a change happened: after the previous pass read the record, before this one did. */
export interface DetectionWindow {
  from: Date | null;
  to: Date;
}

type ConsoleChange = { record_id: string; changes: FieldDiff[] | null };

/**
 * The console's own writes to these records since `since`: an echo of one of them is not a change made
 * outside. Refused writes changed nothing; unknown ones may have.
 */
async function consoleChanges(db: Db, recordType: string, ids: readonly string[], since: Date | null): Promise<Map<string, ConsoleChange[]>> {
  const { rows } = await sql<ConsoleChange>`
    select record_id, changes from audit_change
    where record_type = ${recordType} and record_id = any(${[...ids]}::text[]) and source <> 'outside'
      and (result is null or result <> 'refused') and (${since?.toISOString() ?? null}::timestamptz is null or at >= ${since?.toISOString() ?? null}::timestamptz)`.execute(db);
  const byRecord = new Map<string, ConsoleChange[]>();
  for (const row of rows) byRecord.set(row.record_id, [...(byRecord.get(row.record_id) ?? []), row]);
  return byRecord;
}

/**
 * The echo rule: a field is the console's own when a console write to this record since the window began
 * sent that field with the value the service now returns; a console write with no per-field record (a batch
 * of several) claims the whole record, since what it sent is not known here. What is left was changed outside.
 */
function outsideDiffs(diffs: FieldDiff[], own: ConsoleChange[]): FieldDiff[] {
  if (own.some((c) => c.changes === null)) return [];
  return diffs.filter((d) => !own.some((c) => c.changes?.some((sent) => sent.field === d.field && 'to' in sent && sameValue(sent.to, d.to))));
}

/**
 * Records the field changes a pass found that the console did not make, in the same audit tables the
 * console's own writes use (source 'outside', family 'outside'), with the window they happened in: one audit
 * entry per call, one change record per record. Records new to the mirror have no old version: nothing is
 * recorded for them (the first copy has no history). Returns how many records got a change record.
 */
export async function recordOutsideChanges(db: Db, entity: MirrorEntityName, stored: readonly StoredChange[], window: DetectionWindow): Promise<number> {
  const { recordType, untracked } = MIRROR_ENTITIES[entity];
  if (!recordType) return 0;
  const candidates = stored.flatMap((s) => (s.before ? [{ id: String(s.id), diffs: fieldDiffs(s.before, s.after, untracked) }] : [])).filter((c) => c.diffs.length > 0);
  if (candidates.length === 0) return 0;
  const since = window.from ? new Date(window.from.getTime() - LOOKBACK_MS) : null;
  const own = await consoleChanges(db, recordType, candidates.map((c) => c.id), since);
  const rows = candidates
    .map((c) => ({ record_id: c.id, changes: outsideDiffs(c.diffs, own.get(c.id) ?? []) }))
    .filter((r) => r.changes.length > 0);
  if (rows.length === 0) return 0;
  await sql`
    with entry as (
      insert into audit_log (user_id, user_email, operation, target_ids, status, outcome, result, record_type, family, window_from, window_to)
      values ('outside', '', ${`mirror ${MIRROR_ENTITIES[entity].list}`}, ${rows.map((r) => r.record_id)}::text[], 200,
        'changed outside the console', 'applied', ${recordType}, 'outside', ${window.from?.toISOString() ?? null}::timestamptz, ${window.to.toISOString()}::timestamptz)
      returning id, at
    )
    insert into audit_change (audit_id, at, record_type, record_id, source, result, action, changes, old_read)
    select entry.id, entry.at, ${recordType}, x.record_id, 'outside', 'applied', 'updated', x.changes, true
    from entry, json_to_recordset(${JSON.stringify(rows)}::json) as x(record_id text, changes jsonb)`.execute(db);
  return rows.length;
}
