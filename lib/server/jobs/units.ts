import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';

/** The units' leases: claim, renew, hand back, complete. The same statements on PGlite and Postgres. */

type Db = Kysely<ConsoleDatabase>;

const json = (value: unknown) => JSON.stringify(value ?? null);

export interface ClaimedUnit {
  id: string;
  jobId: string;
  kind: string;
  tenant: string;
  key: string;
  input: unknown;
  params: unknown;
  attempts: number;
}

export interface UnitOutcome {
  id: string;
  state: 'done' | 'failed';
  result?: unknown;
  error?: unknown;
}

/**
 * Claims up to `limit` units of active jobs (a job being planned runs the units listed so far): pending ones, and running ones whose lease expired when their
 * job re-runs expired units (reads). SKIP LOCKED lets several instances claim at once without waiting on
 * each other or taking the same unit.
 */
export async function claimUnits(
  db: Db,
  owner: string,
  limit: number,
  leaseMs: number,
  kinds: readonly string[],
): Promise<ClaimedUnit[]> {
  if (limit <= 0 || kinds.length === 0) return [];
  const result = await sql<{
    id: string;
    job_id: string;
    key: string;
    input: unknown;
    attempts: number;
    kind: string;
    tenant: string;
    params: unknown;
  }>`
    with picked as (
      select u.id from job_unit u join job j on j.id = u.job_id
      where j.state in ('planning', 'running') and j.kind = any(${sql.val(kinds)})
        and (u.state = 'pending' or (u.state = 'running' and u.lease_until < now() and j.rerun_expired))
      order by u.id limit ${limit}
      for update of u skip locked
    ), claimed as (
      update job_unit u set state = 'running', lease_owner = ${owner},
        lease_until = now() + make_interval(secs => ${leaseMs / 1000}), attempts = u.attempts + 1
      from picked where u.id = picked.id
      returning u.id, u.job_id, u.key, u.input, u.attempts
    )
    select c.*, j.kind, j.tenant, j.params from claimed c join job j on j.id = c.job_id order by c.id
  `.execute(db);
  return result.rows.map((r) => ({
    id: String(r.id),
    jobId: String(r.job_id),
    key: r.key,
    input: r.input,
    attempts: r.attempts,
    kind: r.kind,
    tenant: r.tenant,
    params: r.params,
  }));
}

/**
 * Units whose instance died mid-call, in jobs that must not re-run them (writes): failed, outcome unknown.
 * Returns the jobs touched so they can be closed.
 */
export async function failExpiredUnits(db: Db): Promise<string[]> {
  const result = await sql<{ job_id: string }>`
    update job_unit u set state = 'failed', finished_at = now(), lease_owner = null,
      error = ${json({ code: 'outcome_unknown' })}::jsonb
    from job j
    where j.id = u.job_id and u.state = 'running' and u.lease_until < now() and not j.rerun_expired
    returning u.job_id
  `.execute(db);
  return [...new Set(result.rows.map((r) => String(r.job_id)))];
}

/**
 * Hands back units this owner holds mid-run when it stops before they finished (SIGTERM after the grace time):
 * at once rather than at lease expiry. Units of jobs that may re-run them become pending for another instance
 * (imports decide per chunk whether a re-run may re-send, imports/import-job.ts); the others end failed,
 * outcome unknown, as failExpiredUnits would mark them later. Returns the jobs touched.
 */
export async function releaseUnits(db: Db, owner: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const result = await sql<{ job_id: string }>`
    update job_unit u set lease_owner = null, lease_until = null,
      state = case when j.rerun_expired then 'pending' else 'failed' end,
      finished_at = case when j.rerun_expired then null else now() end,
      error = case when j.rerun_expired then u.error else ${json({ code: 'outcome_unknown' })}::jsonb end
    from job j
    where j.id = u.job_id and u.id = any(${sql.val(ids)}::bigint[]) and u.lease_owner = ${owner} and u.state = 'running'
    returning u.job_id
  `.execute(db);
  await notifyReleased(db);
  return [...new Set(result.rows.map((r) => String(r.job_id)))];
}

/** Runners on other instances listen here: units were handed back and may be claimed now (runner.ts). */
export const UNITS_RELEASED_CHANNEL = 'job_units_released';

export async function notifyReleased(db: Db): Promise<void> {
  await sql`select pg_notify(${UNITS_RELEASED_CHANNEL}, '')`.execute(db);
}

export async function renewUnits(db: Db, owner: string, ids: readonly string[], leaseMs: number): Promise<void> {
  if (ids.length === 0) return;
  // SKIP LOCKED: a row locked now is being completed by this instance's flush; waiting on it while the
  // flush waits on a row this update locked deadlocks (seen in bench/quotas), and it needs no renewal.
  await sql`
    update job_unit set lease_until = now() + make_interval(secs => ${leaseMs / 1000})
    where id in (
      select id from job_unit
      where id = any(${sql.val(ids)}::bigint[]) and lease_owner = ${owner} and state = 'running'
      order by id for update skip locked
    )
  `.execute(db);
}

/**
 * Records finished units, only those this owner still holds (a unit taken over after a lost lease keeps
 * the other instance's outcome). Returns the ids recorded, so the caller stores only their results.
 */
export async function completeUnits(db: Db, owner: string, outcomes: readonly UnitOutcome[]): Promise<string[]> {
  if (outcomes.length === 0) return [];
  const result = await sql<{ id: string }>`
    update job_unit u set state = o.state, result = o.result, error = o.error, finished_at = now(),
      finished_by = ${owner}, lease_owner = null, lease_until = null
    from (
      select * from jsonb_to_recordset(${json(outcomes.map((o) => ({ id: o.id, state: o.state, result: o.result ?? null, error: o.error ?? null })))}::jsonb)
        as x(id bigint, state text, result jsonb, error jsonb)
    ) o
    where u.id = o.id and u.lease_owner = ${owner} and u.state = 'running'
    returning u.id
  `.execute(db);
  return result.rows.map((r) => String(r.id));
}
