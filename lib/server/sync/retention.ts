import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { defineJobKind } from '../jobs';

/**
 * SYNC_LOG_RETENTION_DAYS (default 30): the relay's calls older than that are deleted, with their rejections (on
 * delete cascade) and the counts of those minutes, by a background job of the job runtime, started at most once a day by the relay's recorder
 * (./serve.ts) the way the audit log's retention is (lib/server/audit). One unit, deleting in slices of
 * SLICE calls, each its own short statement: a retention that stops half way simply runs again.
 */

export const SYNC_LOG_RETENTION = 'sync-log-retention';
const SLICE = 5_000;
const DAY_MS = 24 * 3_600_000;

export async function deleteOldSyncCalls(db: Kysely<ConsoleDatabase>, before: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { rows } = await sql<{ n: number }>`
      with gone as (
        delete from sync_call where id in (
          select id from sync_call where received_at < ${before.toISOString()}::timestamptz limit ${SLICE}
        ) returning 1
      )
      select count(*)::int as n from gone`.execute(db);
    const n = rows[0]?.n ?? 0;
    deleted += n;
    if (n < SLICE) break;
  }
  // The counts (./triage.ts) go with the calls: a few rows a minute at most, so one statement each.
  for (const table of ['sync_call_count', 'sync_call_minute'] as const)
    await db.deleteFrom(table).where('minute', '<', before).execute();
  return deleted;
}

export const syncLogRetentionJob = defineJobKind<{ days: number }, { before: string }, number>({
  name: SYNC_LOG_RETENTION,
  rerunExpired: true,
  keepResults: true,
  async *plan({ params, startedAt }) {
    const before = new Date(startedAt.getTime() - params.days * DAY_MS).toISOString();
    yield [{ key: 'all', input: { before } }];
  },
  async run({ before }, { db }) {
    return { ok: true, result: await deleteOldSyncCalls(db, new Date(before)) };
  },
});
