import 'server-only';
import { sql, type Kysely } from 'kysely';
import { OUTSIDE_OUTCOMES, type FieldDiff, type RecordType } from '@/lib/contract/history';
import type { ConsoleDatabase } from '../../db';
import { THE_ERP, writeHistory } from '../../history';
import { fieldDiffs, sentValueHeld } from './diff';
import { LOOKBACK_MS, MIRROR_ENTITIES, type MirrorEntity, type MirrorEntityName } from './entities';
import { contractRecord } from './normalise';
import type { StoredChange } from './store';

type Db = Kysely<ConsoleDatabase>;

/** When a change happened: after the previous pass read the record, before this one did. */
export interface DetectionWindow {
  from: Date | null;
  to: Date;
}

type ConsoleChange = { record_id: string; operation: string; changes: FieldDiff[] | null };

/** Operations some entity claims as its own echoes (quota edits): no other entity of the record type counts them. */
const CLAIMED = Object.values(MIRROR_ENTITIES).flatMap((e: MirrorEntity) => Object.keys(e.echoOf ?? {}));

/**
 * The console's own writes to these records since `since`: an echo of one of them is not a change made
 * outside. A finding's entries (source 'attention') name values the console found, never wrote. Refused writes changed nothing; unknown ones may have. An entity naming its echo operations gets
 * those only, with their fields renamed as it names them.
 */
async function consoleChanges(
  db: Db,
  entity: MirrorEntityName,
  ids: readonly string[],
  since: Date | null,
): Promise<Map<string, ConsoleChange[]>> {
  const { recordType, echoOf } = MIRROR_ENTITIES[entity] as MirrorEntity;
  const only = echoOf ? Object.keys(echoOf) : null;
  const { rows } = await sql<ConsoleChange>`
    select c.record_id, l.operation, c.changes from audit_change c join audit_log l on l.id = c.audit_id
    where c.record_type = ${recordType} and c.record_id = any(${[...ids]}::text[]) and c.source not in ('outside', 'attention')
      and (c.result is null or c.result <> 'refused') and (${since?.toISOString() ?? null}::timestamptz is null or c.at >= ${since?.toISOString() ?? null}::timestamptz)
      and ${only ? sql`l.operation = any(${only}::text[])` : sql`not (l.operation = any(${CLAIMED}::text[]))`}`.execute(
    db,
  );
  const byRecord = new Map<string, ConsoleChange[]>();
  for (const row of rows) {
    const names = echoOf?.[row.operation];
    const changes =
      names && row.changes
        ? row.changes.flatMap((c) => (names[c.field] ? [{ ...c, field: names[c.field]! }] : []))
        : row.changes;
    byRecord.set(row.record_id, [...(byRecord.get(row.record_id) ?? []), { ...row, changes }]);
  }
  return byRecord;
}

/**
 * The echo rule: a field is the console's own when a console write to this record since the window began
 * sent that field with the value the service now returns; a console write with no per-field record (a batch
 * of several) claims the whole record, since what it sent is not known here. What is left was changed outside.
 */
function outsideDiffs(diffs: FieldDiff[], own: ConsoleChange[]): FieldDiff[] {
  if (own.some((c) => c.changes === null)) return [];
  return diffs.filter(
    (d) =>
      !own.some((c) =>
        c.changes?.some((sent) => sent.field === d.field && 'to' in sent && sentValueHeld(sent.to, d.to)),
      ),
  );
}

/** One outside entry's change records: the record, its action and its fields old → new (null: none to show). */
type OutsideRow = { record_id: string; action: 'updated' | 'returned' | 'vanished'; changes: FieldDiff[] | null };

/**
 * One audit entry by the ERP (source and family 'outside', with the window it happened in) and one change record
 * per record, through the one writer. An entry naming one record keeps its changes on the entry too, so the
 * audit page shows them on its row as it does a single console write's.
 */
async function insertOutside(
  db: Db,
  entity: MirrorEntityName,
  recordType: RecordType,
  rows: readonly OutsideRow[],
  outcome: string,
  window: DetectionWindow,
) {
  await writeHistory(db, {
    actor: THE_ERP,
    operation: `mirror ${entity}`,
    family: 'outside',
    targetIds: rows.map((r) => r.record_id),
    status: 200,
    outcome,
    result: 'applied',
    recordType,
    changes: rows.length === 1 ? rows[0]!.changes : null,
    window,
    records: rows.map((r) => ({
      recordType,
      recordId: r.record_id,
      source: 'outside',
      result: 'applied',
      action: r.action,
      changes: r.changes,
      oldRead: true,
    })),
  });
}

/**
 * Records the field changes a pass found that the console did not make (the echo rule above), with the window
 * they happened in: one audit entry per call, one change record per record. Records new to the mirror have no
 * old version: nothing is recorded for them (the first copy has no history). A record flagged as gone that
 * came back is recorded as returned, with whatever changed meanwhile. Returns how many records got one.
 */
export async function recordOutsideChanges(
  db: Db,
  entity: MirrorEntityName,
  stored: readonly StoredChange[],
  window: DetectionWindow,
): Promise<number> {
  const { recordType, untracked, fields } = MIRROR_ENTITIES[entity] as MirrorEntity;
  if (!recordType) return 0;
  const view = fields ?? ((record: Record<string, unknown>) => record);
  const candidates = stored
    // A copy stored before the mirror kept the contract's fields only is compared by those fields too.
    .flatMap((s) =>
      s.before
        ? [
            {
              id: String(s.id),
              returned: s.returned,
              diffs: fieldDiffs(view(contractRecord(entity, s.before) ?? s.before), view(s.after), untracked),
            },
          ]
        : [],
    )
    .filter((c) => c.diffs.length > 0 || c.returned);
  if (candidates.length === 0) return 0;
  const since = window.from ? new Date(window.from.getTime() - LOOKBACK_MS) : null;
  const own = await consoleChanges(
    db,
    entity,
    candidates.map((c) => c.id),
    since,
  );
  const rows = candidates
    .map((c): OutsideRow => {
      const changes = outsideDiffs(c.diffs, own.get(c.id) ?? []);
      return {
        record_id: c.id,
        action: c.returned ? 'returned' : 'updated',
        changes: changes.length > 0 ? changes : null,
      };
    })
    .filter((r) => r.changes !== null || r.action === 'returned');
  if (rows.length === 0) return 0;
  await insertOutside(db, entity, recordType, rows, OUTSIDE_OUTCOMES.changed, window);
  return rows.length;
}

/** Records the records a complete sweep no longer found (flagged in the mirror, never dropped) in their History. */
export async function recordVanished(
  db: Db,
  entity: MirrorEntityName,
  ids: readonly number[],
  window: DetectionWindow,
): Promise<void> {
  const { recordType } = MIRROR_ENTITIES[entity];
  if (!recordType || ids.length === 0) return;
  const rows = ids.map((id): OutsideRow => ({ record_id: String(id), action: 'vanished', changes: null }));
  await insertOutside(db, entity, recordType, rows, OUTSIDE_OUTCOMES.vanished, window);
}
