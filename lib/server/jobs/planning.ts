import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';

/**
 * The planning lease: one runner at a time lists a planning job's units (its kind's plan()); a runner that
 * dies loses the lease when it runs out, and a runner that stops hands it back at once.
 */

type Db = Kysely<ConsoleDatabase>;

/** Takes the planning lease of one job waiting to be planned (or whose planner died). */
export async function claimPlanning(
  db: Db,
  owner: string,
  leaseMs: number,
  kinds: readonly string[],
): Promise<{ id: string; kind: string; tenant: string; params: unknown; startedAt: Date } | null> {
  if (kinds.length === 0) return null;
  const result = await sql<{ id: string; kind: string; tenant: string; params: unknown; started_at: Date }>`
    update job set lease_owner = ${owner}, lease_until = now() + make_interval(secs => ${leaseMs / 1000}),
      attempts = attempts + 1, started_at = coalesce(started_at, now())
    where id = (
      select id from job
      where state = 'planning' and kind = any(${sql.val(kinds)}) and (lease_until is null or lease_until < now())
      order by id limit 1 for update skip locked
    )
    returning id, kind, tenant, params, started_at
  `.execute(db);
  const row = result.rows[0];
  return row
    ? {
        id: String(row.id),
        kind: row.kind,
        tenant: row.tenant,
        params: row.params,
        startedAt: new Date(row.started_at),
      }
    : null;
}

/** Extends the planning lease; false when it was lost (another instance took over, or the job was cancelled). */
export async function renewPlanning(db: Db, jobId: string, owner: string, leaseMs: number): Promise<boolean> {
  const result = await sql`
    update job set lease_until = now() + make_interval(secs => ${leaseMs / 1000})
    where id = ${jobId} and lease_owner = ${owner} and state = 'planning'
  `.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

export async function finishPlanning(db: Db, jobId: string, owner: string): Promise<void> {
  await sql`
    update job set state = 'running', lease_owner = null, lease_until = null
    where id = ${jobId} and lease_owner = ${owner} and state = 'planning'
  `.execute(db);
}

/** A runner stopping gracefully hands its planning back at once instead of after the lease. */
export async function releasePlanning(db: Db, owner: string): Promise<void> {
  await sql`update job set lease_owner = null, lease_until = null where lease_owner = ${owner} and state = 'planning'`.execute(
    db,
  );
}
