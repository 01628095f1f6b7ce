import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { JobRunner, RecurringJob } from '../jobs';
import type { UpstreamClient } from '../upstream';
import { mirrorPassJob, mirrorPassUnits } from '../mirror/passes/pass-job';
import { runMirrorRound, type RoundResult } from './mirror-round';

export interface MirrorPassesOptions {
  db: Kysely<ConsoleDatabase>;
  client: UpstreamClient;
  tenant: string;
  intervalMs: number;
  sweepMs: number;
  owner?: string;
  /** Asks from other instances (a NOTIFY), as the runtime wires them. */
  watchRefresh?: (onRefresh: () => void) => Promise<() => Promise<void>>;
  /** The kind the runner runs (a test may wrap mirrorPassJob to watch it). */
  kind?: typeof mirrorPassJob;
  leaseMs?: number;
}

/**
 * The mirror's passes as one process runs them, wired as lib/server/runtime/parts.ts does (a job runner with the
 * passes' kind and the schedule that starts their runs), on a database and with a client of the test's own.
 * `round()` runs every resource's due pass at once in this process, outside the job runtime.
 */
export class MirrorPasses {
  readonly runner: JobRunner;
  readonly schedule: RecurringJob;
  readonly #options: MirrorPassesOptions;

  constructor(options: MirrorPassesOptions) {
    this.#options = options;
    const kind = options.kind ?? mirrorPassJob;
    this.runner = new JobRunner({
      db: options.db,
      kinds: [kind],
      upstream: options.client,
      owner: options.owner,
      leaseMs: options.leaseMs,
      pollMs: 100,
    });
    this.schedule = new RecurringJob({
      db: options.db,
      kind,
      tenant: options.tenant,
      everyMs: options.intervalMs,
      units: mirrorPassUnits,
      params: { sweepMs: options.sweepMs },
      started: () => this.runner.wake(),
      watch: options.watchRefresh,
      lookMs: 100,
    });
  }

  round(): Promise<RoundResult> {
    const { db, client, tenant, sweepMs } = this.#options;
    return runMirrorRound({ db, client, tenant, sweepMs });
  }

  start(): void {
    this.runner.start();
    this.schedule.start();
  }

  wake(): void {
    this.schedule.wake();
  }

  async stop(): Promise<void> {
    await this.schedule.stop();
    await this.runner.stop();
  }
}
