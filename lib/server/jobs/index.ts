import 'server-only';
import { currentTenant, ensureJobRunner, getConsoleDb } from '../process';
import type { JobKind } from './kind';
import * as store from './store';
import type { JobState, JobView, UnitSpec, UnitState } from './store';

/**
 * The console's one job runtime (issue 13). Jobs and their units live in the console database (tables `job`
 * and `job_unit`, migration 0040), so a job survives a closed tab, a restart, and is shared by every
 * instance on one Postgres. Units are claimed with `FOR UPDATE SKIP LOCKED` under a lease (30 s, renewed
 * while the unit runs); a dead instance's units are taken over when the lease expires; finished units are
 * never run again. The same SQL runs on PGlite and Postgres. Why not pg-boss 10: on PGlite it needs a
 * hand-written executor that inlines array parameters (pg-boss issue #563), it would be a second connection
 * path beside Kysely, and it has no run-with-units: the run, its progress, per-unit results and cancel
 * would be tables of ours anyway. What it would add over this (SKIP LOCKED claims, leases) is small.
 *
 * 1. Define a kind (lib/server/<feature>/…-job.ts) and add it to JOB_KINDS in
 *    lib/server/runtime/job-kinds.ts (the runtime hands the kinds to the runner; jobs/ never imports a feature):
 *
 *      export const refreshJob = defineJobKind<Params, Input, Result>({
 *        name: 'quota-refresh',            // stored on the job row; keep it stable
 *        rerunExpired: true,               // reads: re-run a unit whose instance died mid-call.
 *                                          // writes that are not keyed upserts: false, and such a unit
 *                                          // fails with error { code: 'outcome_unknown' } instead
 *        async *plan(ctx) { yield [{ key: '42', input: { companyId: 42 } }, …]; },  // optional, see 2.
 *        async run(input, ctx) {           // one unit; ctx.upstream is the signing client behind the
 *          const q = await ctx.upstream.read('creditQuota', input.companyId);  // concurrency limit (JOBS_CONCURRENCY,
 *          return { ok: true, result: q };                                // default 8) and the shared 429 pause;
 *        },                                // { ok: false, error } fails the unit; a throw does too
 *        async store(trx, finished, ctx) { … },  // optional: keep results in your own table, in the same
 *      });                                       // transaction that marks those units done
 *
 *    Reads are retried by the signing client (5xx, timeout, 429 after Retry-After); writes only when they are
 *    keyed upserts. The runtime never re-runs a unit that finished, and re-runs an interrupted one only
 *    when its kind says rerunExpired.
 *
 * 2. Start a run:  `const id = await startJob(kind, { params, createdBy, units })`.
 *    With `units` ({ key, input }[], key unique in the job: a row number, a company id) they are stored with
 *    the job in one transaction and the job runs at once (imports: the request already holds the rows).
 *    Without, the job waits in 'planning' and a runner calls `kind.plan(ctx)`, storing each batch it yields
 *    (quota refresh: listing the companies is itself long work, done in the background). Units listed so
 *    far already run while planning goes on. A second start of the same kind for the same tenant while one
 *    is active throws JobAlreadyActiveError (with activeJobId), across instances (a unique index decides).
 *
 * 3. Watch it: `getJob(id)` / `latestJob(kind)` give state (planning | running | succeeded | failed |
 *    cancelled) and progress { total, done, failed, cancelled, ratePerSecond, etaSeconds };
 *    `listUnits(id, { states, afterId, limit })` pages each unit's state, input, result and error (imports'
 *    per-row report). `cancelJob(id)` stops claiming and cancels pending units; units in flight finish.
 *
 * 4. On a schedule: a RecurringJob (./recurring.ts) starts a run of a kind every interval after the last one ended,
 *    by whichever instance looks first (the mirror's passes; wired by lib/server/runtime/parts.ts).
 *
 * Where it runs: one JobRunner per process that runs jobs (lib/server/runtime): started at start-up by
 * startRuntime() (instrumentation.ts in a web process, `npm run worker` in a worker) and lazily by
 * ensureJobRunner() (lib/server/process; every function here calls it), so a restarted console resumes its unfinished jobs before
 * anyone visits. With JOBS_RUNNER=off a web process runs none and its jobs are taken by the workers on the same
 * database. It runs in the process, not in a request: the page that started a job can be closed. Finished
 * units are recorded in batches (within 200 ms, at 500 units, or at once for the last one: runner.ts's flushMs); a process killed in between loses only those outcomes, and their
 * units run again (reads) or fail as outcome unknown (writes). On SIGTERM the runner stops claiming, lets the
 * units in flight finish within SHUTDOWN_GRACE_MS and hands the others back at once (runner.stop).
 */

export {
  defineJobKind,
  type AnyJobKind,
  type FinishedUnit,
  type JobContext,
  type JobKind,
  type ReadBack,
  type UnitResult,
  type Written,
} from './kind';
export type { StoreReadBacks } from './record-finished';
export {
  JobAlreadyActiveError,
  type JobProgress,
  type JobState,
  type JobView,
  type UnitSpec,
  type UnitState,
} from './store';
export { JobRunner } from './runner';
export { RecurringJob, type RecurringJobOptions } from './recurring';
export { UNITS_RELEASED_CHANNEL } from './store';

export async function startJob<P, I, R>(
  kind: JobKind<P, I, R>,
  options: { params?: P; createdBy?: string | null; units?: readonly UnitSpec<I>[]; tenant?: string } = {},
): Promise<string> {
  const db = await getConsoleDb();
  const id = await store.createJob(db, {
    kind: kind.name,
    tenant: options.tenant ?? currentTenant(),
    params: options.params ?? {},
    createdBy: options.createdBy ?? null,
    rerunExpired: kind.rerunExpired,
    units: options.units,
  });
  await ensureJobRunner();
  return id;
}

export async function getJob(id: string): Promise<JobView | null> {
  void ensureJobRunner().catch(() => {});
  return store.getJob(await getConsoleDb(), id);
}

export async function latestJob(
  kind: { name: string },
  options: { state?: JobState; tenant?: string } = {},
): Promise<JobView | null> {
  void ensureJobRunner().catch(() => {});
  return store.latestJob(await getConsoleDb(), kind.name, options.tenant ?? currentTenant(), options.state);
}

export async function cancelJob(id: string): Promise<boolean> {
  return store.cancelJob(await getConsoleDb(), id);
}

export async function listUnits(
  id: string,
  options: { states?: readonly UnitState[]; afterId?: string; limit?: number } = {},
) {
  return store.listUnits(await getConsoleDb(), id, options);
}
export { limitedFetch } from './limited-fetch';
export { watchJobStop } from './stop-watch';
export { jobStatus } from './status';
// The store's forms of two of the above, on a database or transaction the caller holds.
export { latestJob as latestJobIn, listUnits as listUnitsIn } from './store';
