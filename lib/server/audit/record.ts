import 'server-only';
import type { Kysely } from 'kysely';
import { familyOf, type ChangeSource } from '@/lib/contract/history';
import type { UserRole } from '@/lib/contract/user-roles';
import type { ConsoleDatabase } from '../db';
import { person, writeHistory, type RecordChange } from '../history';
import { logger } from '../log';
import type { AuditRecord } from './audit-record';
import { nameChanges, type LiveNames } from './value-names';

const ID = /^[1-9][0-9]{0,18}$/;

/**
 * The change records of a write sent through the proxy: one per record id it names. A refused write changed
 * nothing, so its records carry no fields; an unknown one carries the values sent (they may or may not have
 * been written); a batch of more than one item has no per-record diff here.
 */
export function proxyChanges(record: AuditRecord): RecordChange[] {
  if (!record.recordType) return [];
  const family = familyOf(record.operation);
  const source: ChangeSource = record.restores ? 'restore' : family === 'panel' ? 'panel' : 'form';
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
    ...(record.restores ? { restoresChangeId: record.restores } : {}),
  }));
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
  const { userId, userEmail, restores: _restores, ...entry } = named;
  await writeHistory(db, { ...entry, actor: person(userId, userEmail), records: proxyChanges(named) });
}
