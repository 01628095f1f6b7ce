import 'server-only';
import { jobLog } from './job-log';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';

/** The SQL of the job runtime: the same statements on PGlite and Postgres. */

type Db = Kysely<ConsoleDatabase>;

export type { JobProgress, JobState } from '@/lib/contract/console/jobs';
// A job as the pages show it (with progress), and the planning lease, live in files of their own.
import { ACTIVE_STATES, activeJob } from './job-view';
export type { UnitState, JobView } from './job-types';
export { ACTIVE_STATES };
export { getJob, latestJob, listUnits } from './job-view';
export { claimPlanning, finishPlanning, releasePlanning, renewPlanning } from './planning';
// Claiming, renewing, handing back and completing units: the leases, in a file of their own.
export {
  claimUnits,
  completeUnits,
  failExpiredUnits,
  notifyReleased,
  releaseUnits,
  renewUnits,
  UNITS_RELEASED_CHANNEL,
  type ClaimedUnit,
  type UnitOutcome,
} from './units';

export interface UnitSpec<Input = unknown> {
  /** Unique within the job (a company id, a row number); adding the same key twice keeps the first. */
  key: string;
  input: Input;
}

/** A second run of the same kind for the same tenant while one is active. */
export class JobAlreadyActiveError extends Error {
  readonly code = 'job_already_active';
  constructor(readonly activeJobId: string) {
    super(`A job of this kind is already running (job ${activeJobId}).`);
    this.name = 'JobAlreadyActiveError';
  }
}

const json = (value: unknown) => JSON.stringify(value ?? null);

export async function insertUnits(db: Db, jobId: string, units: readonly UnitSpec[]): Promise<void> {
  // Chunks keep each statement's parameter count far below Postgres's 65,535.
  for (let i = 0; i < units.length; i += 1000) {
    const rows = units.slice(i, i + 1000).map((u) => ({ job_id: jobId, key: u.key, input: json(u.input) }));
    await db
      .insertInto('job_unit')
      .values(rows)
      .onConflict((oc) => oc.columns(['job_id', 'key']).doNothing())
      .execute();
  }
}

/**
 * Creates a job. With `units` the job starts running at once (they are inserted in the same transaction);
 * without, it waits in 'planning' for a runner to call its kind's plan(). Throws JobAlreadyActiveError when
 * the kind already has an active job for this tenant (a unique index decides, so two instances cannot both win).
 */
export async function createJob(
  db: Db,
  input: {
    kind: string;
    tenant: string;
    params?: unknown;
    createdBy?: string | null;
    rerunExpired: boolean;
    units?: readonly UnitSpec[];
  },
): Promise<string> {
  try {
    return await db
      .transaction()
      .execute(async (trx) => {
        const row = await trx
          .insertInto('job')
          .values({
            kind: input.kind,
            tenant: input.tenant,
            state: input.units ? 'running' : 'planning',
            params: json(input.params ?? {}),
            rerun_expired: input.rerunExpired,
            created_by: input.createdBy ?? null,
            started_at: input.units ? new Date() : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const id = String(row.id);
        if (input.units) await insertUnits(trx, id, input.units);
        return id;
      })
      .then((id) => {
        jobLog.created({ jobId: id, kind: input.kind, units: input.units?.length ?? null });
        return id;
      });
  } catch (error) {
    if (isUniqueViolation(error)) {
      const active = await activeJob(db, input.kind, input.tenant);
      if (active) throw new JobAlreadyActiveError(active);
    }
    throw error;
  }
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === '23505' || (typeof e?.message === 'string' && e.message.includes('job_one_active_idx'));
}

/** A job that ends before its units ran (cancelled, failed) leaves none of them to be claimed. */
function cancelPendingUnits(trx: Db, jobId: string) {
  return trx
    .updateTable('job_unit')
    .set({ state: 'cancelled', finished_at: new Date() })
    .where('job_id', '=', jobId)
    .where('state', '=', 'pending')
    .execute();
}

/**
 * Stops a job: no further unit is claimed, pending units become 'cancelled'. Units already in flight finish
 * and record their outcome (aborting a write mid-call would only make its outcome unknown).
 */
export async function cancelJob(db: Db, id: string): Promise<boolean> {
  return db
    .transaction()
    .execute(async (trx) => {
      const updated = await trx
        .updateTable('job')
        .set({ state: 'cancelled', finished_at: new Date(), lease_owner: null, lease_until: null })
        .where('id', '=', id)
        .where('state', 'in', ACTIVE_STATES)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return false;
      await cancelPendingUnits(trx, id);
      return true;
    })
    .then((cancelled) => {
      if (cancelled) jobLog.ended({ jobId: id, state: 'cancelled' });
      return cancelled;
    });
}

export async function failJob(db: Db, jobId: string, message: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('job')
      .set({ state: 'failed', error: message, finished_at: new Date(), lease_owner: null, lease_until: null })
      .where('id', '=', jobId)
      .where('state', 'in', ACTIVE_STATES)
      .execute();
    await cancelPendingUnits(trx, jobId);
  });
  jobLog.ended({ jobId, state: 'failed', error: message });
}

/**
 * Closes running jobs that have no open unit left: succeeded, whatever their units' outcomes. Returns the jobs
 * it closed; outside a transaction (`logEnded`) they are logged at once, inside one the caller logs them after
 * its commit.
 */
export async function closeFinishedJobs(
  db: Db,
  jobIds: readonly string[],
  logEnded = true,
): Promise<{ jobId: string; kind: string }[]> {
  if (jobIds.length === 0) return [];
  const { rows } = await sql<{ id: string; kind: string }>`
    update job j set state = 'succeeded', finished_at = now()
    where j.id = any(${sql.val(jobIds)}::bigint[]) and j.state = 'running'
      and not exists (select 1 from job_unit u where u.job_id = j.id and u.state in ('pending', 'running'))
    returning j.id::text as id, j.kind
  `.execute(db);
  const closed = rows.map((r) => ({ jobId: r.id, kind: r.kind }));
  if (logEnded) for (const job of closed) jobLog.ended({ ...job, state: 'succeeded' });
  return closed;
}
