import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import type { UpstreamClient } from '../upstream';
import type { UnitSpec } from './store';

/**
 * What a unit wrote, for the mirror's write-through: which records of which kind (a mirror entity). The job
 * runtime only carries it to JobRunnerOptions.readBack, which the runtime wires to lib/server/mirror.
 */
export interface Written {
  entity: string;
  ids: number[];
}

/** The records read back after a unit wrote: opaque to the job runtime, stored by JobRunnerOptions.storeReadBacks. */
export interface ReadBack {
  readonly entity: string;
}

/** What a unit handler returns: its state and what to keep of it (both stored as JSON on the unit). */
export type UnitResult<Result = unknown> = { ok: true; result?: Result } | { ok: false; error: unknown };

export interface JobContext<Params> {
  jobId: string;
  tenant: string;
  params: Params;
  /** The console database (the runner's own connection). */
  db: Kysely<ConsoleDatabase>;
  /** The signing client, with the runtime's concurrency limit and shared 429 pause. */
  upstream: UpstreamClient;
  /** When this job's planning started (the job's start time). */
  startedAt: Date;
  /** Aborted when the runner stops: a long unit (a mirror pass) stops after its request in flight. */
  signal: AbortSignal;
}

export interface FinishedUnit<Input, Result> {
  key: string;
  input: Input;
  outcome: UnitResult<Result>;
}

/**
 * A job kind. Register it in lib/server/runtime/job-kinds.ts; start a run with startJob (lib/server/jobs/index.ts).
 */
export interface JobKind<Params = unknown, Input = unknown, Result = unknown> {
  /** Stored on the job row; stable across releases (a job outlives the process that created it). */
  name: string;
  /**
   * True for reads: a unit whose instance died mid-call is run again by another. False for writes that are
   * not idempotent keyed upserts: such a unit is marked failed with error { code: 'outcome_unknown' }.
   */
  rerunExpired: boolean;
  /** False when store() keeps the results elsewhere: the unit row then keeps only its state and error. */
  keepResults?: boolean;
  /**
   * At most this many of the kind's units claimed by one runner at a time (default: no bound but the runner's
   * concurrency). The mirror's passes say 1: one instance walks one resource at a time, as the copy always did,
   * and the other slots stay free for imports and exports.
   */
  perRunner?: number;
  /**
   * True for a kind the runtime starts on a schedule (the mirror's passes): its job_created, job_progress and
   * job_ended lines are written at debug level, so a round every few seconds does not drown the log.
   */
  quiet?: boolean;
  /**
   * Lists the units of a job created without them, in batches (each batch is stored as it comes, so a
   * planner that dies leaves the added units; the next planner starts over and adds only new keys).
   */
  plan?(context: JobContext<Params>): AsyncIterable<readonly UnitSpec<Input>[]>;
  /**
   * Optional, for writes: the mirrored records a unit that succeeded wrote (from its result), read back and
   * copied into the mirror before the unit is recorded done (jobs/run-unit.ts, the mirror's write-through).
   */
  written?(input: Input, result: Result | undefined, context: JobContext<Params>): Written | null;
  /** Does one unit. A thrown error fails the unit with { code: 'unit_error', message }. */
  run(input: Input, context: JobContext<Params>): Promise<UnitResult<Result>>;
  /**
   * Optional: keeps the results somewhere of the kind's own (the quota snapshot). Called in the transaction
   * that records those units finished, so a result is stored exactly when its unit counts as done.
   */
  store?(
    trx: Kysely<ConsoleDatabase>,
    finished: readonly FinishedUnit<Input, Result>[],
    context: JobContext<Params>,
  ): Promise<void>;
}

/** Keeps JobKind's type parameters at their definition while listing kinds together. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyJobKind = JobKind<any, any, any>;

export function defineJobKind<Params, Input, Result>(
  kind: JobKind<Params, Input, Result>,
): JobKind<Params, Input, Result> {
  return kind;
}
