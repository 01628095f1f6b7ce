import 'server-only';
import { sql } from 'kysely';
import { pruneHistory, type PruneRange } from '../history';
import { defineJobKind } from '../jobs';

/**
 * AUDIT_RETENTION_DAYS (unset: kept without limit): audit entries older than that, and their change records,
 * are deleted by a background job of the job runtime, at most once a day, in units of RETENTION_UNIT entries
 * by id (each a short transaction; deleting twice is harmless, so an interrupted unit simply runs again).
 */

export const AUDIT_RETENTION = 'audit-retention';
/** Entries deleted per unit. */
export const RETENTION_UNIT = 10_000;
const DAY_MS = 24 * 3_600_000;

export type RetentionParams = { days: number };
type Range = PruneRange;

/** Deletes the entries in the id range older than `before`, and their change records (the writer's delete). */
export const deleteOlder = pruneHistory;

export const auditRetentionJob = defineJobKind<RetentionParams, Range, number>({
  name: AUDIT_RETENTION,
  rerunExpired: true,
  keepResults: true,
  async *plan({ params, db, startedAt }) {
    const before = new Date(startedAt.getTime() - params.days * DAY_MS).toISOString();
    const { rows } = await sql<{ min: string | null; max: string | null }>`
      select min(id)::text as min, max(id)::text as max from audit_log where at < ${before}::timestamptz`.execute(db);
    const min = rows[0]?.min;
    const max = rows[0]?.max;
    if (!min || !max) return;
    const units = [];
    for (let from = BigInt(min); from <= BigInt(max); from += BigInt(RETENTION_UNIT)) {
      const to = from + BigInt(RETENTION_UNIT - 1);
      units.push({ key: String(from), input: { from: String(from), to: String(to), before } });
      if (units.length === 500) yield units.splice(0);
    }
    if (units.length) yield units;
  },
  async run(range, { db }) {
    return { ok: true, result: await deleteOlder(db, range) };
  },
});

/**
 * Starts the retention job when a retention is set and none ran in the last day. Called where the log is
 * looked at and written in bulk (the audit page, the job runtime's start); cheap when not due.
 */
export async function startRetentionIfDue(
  days: number | null,
  deps: {
    latest: () => Promise<{ createdAt?: string | Date | null } | null>;
    start: (params: RetentionParams) => Promise<unknown>;
  },
): Promise<boolean> {
  if (!days) return false;
  const last = await deps.latest();
  if (last?.createdAt && Date.now() - new Date(last.createdAt).getTime() < DAY_MS) return false;
  try {
    await deps.start({ days });
    return true;
  } catch {
    // Another instance started it a moment ago (one active job per kind): nothing to do.
    return false;
  }
}
