import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';

/** A range of entry ids whose entries older than `before` go (the retention job's unit). */
export type PruneRange = { from: string; to: string; before: string };

/**
 * Deletes the entries in the id range older than `before`, and their change records; returns how many. Here with
 * the writer so that nothing else changes the audit tables (AUDIT_RETENTION_DAYS decides when, lib/server/audit).
 */
export async function pruneHistory(db: Kysely<ConsoleDatabase>, range: PruneRange): Promise<number> {
  const { rows } = await sql<{ deleted: number }>`
    with gone as (
      delete from audit_log where id between ${range.from} and ${range.to} and at < ${range.before}::timestamptz returning id
    ),
    changes as (delete from audit_change where audit_id in (select id from gone))
    select count(*)::int as deleted from gone`.execute(db);
  return rows[0]?.deleted ?? 0;
}
