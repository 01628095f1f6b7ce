import 'server-only';
import type { Kysely } from 'kysely';
import { familyOf, type ChangeSource } from '@/lib/contract/history';
import type { UserRole } from '@/lib/contract/user-roles';
import type { ConsoleDatabase } from '../db';
import { person, writeHistory, type RecordChange } from '../history';
import { logger } from '../log';
import type { AuditRecord } from './audit-record';
import { nameChanges, type LiveNames } from './value-names';

/** A record id, or a record a batch named by its ERP code alone (as imports file it: `code:<code>`). */
const ID = /^([1-9][0-9]{0,18}|code:.{1,200})$/;

/**
 * The change records of a write sent through the proxy: one per record it names. A refused write (or a batch's
 * failed item) changed nothing, so its records carry no fields; an unknown one carries the values sent (they may
 * or may not have been written). A batch of several items carries each record's own fields.
 */
export function proxyChanges(record: AuditRecord): RecordChange[] {
  if (!record.recordType) return [];
  const family = familyOf(record.operation);
  const source: ChangeSource = record.restores ? 'restore' : family === 'panel' ? 'panel' : 'form';
  const ids = record.targetIds.filter((id) => ID.test(id));
  const failed = new Set(record.failedIds ?? []);
  const unknown = new Set(record.unknownIds ?? []);
  return ids.map((recordId) => {
    const result = failed.has(recordId) ? 'refused' : unknown.has(recordId) ? 'unknown' : (record.result ?? null);
    const diff = ids.length === 1 ? (record.changes ?? null) : (record.changesByRecord?.[recordId] ?? null);
    const kept = result === 'refused' ? null : diff;
    return {
      recordType: record.recordType!,
      recordId,
      source,
      result,
      action:
        result === 'applied' && (record.outcome === 'created' || record.outcome === 'updated') ? record.outcome : null,
      changes: kept,
      oldRead: Boolean(kept?.some((c) => 'from' in c)),
      ...(record.restores ? { restoresChangeId: record.restores } : {}),
    };
  });
}

/**
 * Records a single write (the proxy, account changes): its entry and one change record per record it names,
 * with the names of the ids its values hold as they are now (./value-names.ts). A name that cannot be read
 * never stops the record: the ids are kept either way.
 */
export async function recordAudit(
  db: Kysely<ConsoleDatabase>,
  record: AuditRecord,
  names: { roles?: readonly UserRole[]; live?: LiveNames } = {},
): Promise<void> {
  let named = record;
  if (record.changes?.length) {
    try {
      named = { ...record, changes: await nameChanges(db, record.changes, names.roles ?? [], names.live) };
    } catch (error) {
      logger().warn(
        { source: 'audit', error: error instanceof Error ? error.message : error },
        'names of the values not read',
      );
    }
  }
  const { userId, userEmail, restores: _restores, changesByRecord: _byRecord, ...entry } = named;
  await writeHistory(db, { ...entry, actor: person(userId, userEmail), records: proxyChanges(named) });
}
