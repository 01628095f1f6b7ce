import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { logFlushed } from './job-log';
import type { JobContext } from './kind';
import { recordFinished, type Finished, type StoreReadBacks } from './record-finished';
import { closeFinishedJobs } from './store';
import type { ClaimedUnit } from './units';

/**
 * A runner's finished units waiting to be recorded: in batches (after `flushMs`, at `flushMax` units, or at once
 * for the last unit running), one transaction each, one after another.
 */
export class FinishedBatch {
  #finished: Finished[] = [];
  #timer: ReturnType<typeof setTimeout> | null = null;
  #flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly how: {
      db: Kysely<ConsoleDatabase>;
      owner: string;
      flushMs: number;
      flushMax: number;
      contextOf: (unit: ClaimedUnit) => JobContext<unknown>;
      storeReadBacks?: StoreReadBacks;
      /** True once the runner may write nothing more (a kill, or past the grace time). */
      abandoned: () => boolean;
      /** The batch was recorded, or failed to be: the runner no longer holds its units. */
      settled: (batch: readonly Finished[]) => void;
      log: (message: string, error?: unknown) => void;
    },
  ) {}

  /** `last`: the last unit running in this runner with nothing queued, recorded now rather than flushMs later. */
  add(finished: Finished, last: boolean): void {
    this.#finished.push(finished);
    if (this.#finished.length >= this.how.flushMax || last) void this.flush();
    else this.#timer ??= setTimeout(() => void this.flush(), this.how.flushMs);
  }

  /** Records finished units and their results in one transaction, then closes jobs with nothing left. */
  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const { db, owner } = this.how;
    this.#flushing = this.#flushing.then(async () => {
      const batch = this.#finished.splice(0);
      if (batch.length === 0 || this.how.abandoned()) return;
      const jobIds = [...new Set(batch.map((f) => f.unit.jobId))];
      try {
        logFlushed(batch, await recordFinished(db, owner, batch, this.how.contextOf, this.how.storeReadBacks));
        // Two instances flushing a job's last units at once each saw the other's as still running inside
        // their transactions (read committed): looked at again after the commit, one of them closes it.
        await closeFinishedJobs(db, jobIds);
      } catch (error) {
        // Not recorded: the units stay claimed until their lease expires, then run again (reads) or are
        // marked outcome unknown (writes).
        this.how.log('could not record finished units', error);
      } finally {
        this.how.settled(batch);
      }
    });
    return this.#flushing;
  }
}
