import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import type { AnyJobKind, JobContext } from './kind';
import { finishPlanning, renewPlanning } from './planning';
import { closeFinishedJobs, failJob, insertUnits } from './store';

type Db = Kysely<ConsoleDatabase>;

/**
 * Runs a claimed job's plan(): its units are added as they are listed (the runner's wake runs them at once),
 * the lease renewed before each batch; then the job runs. Stops adding when the runner stops or the lease is
 * lost (cancelled, or taken over); a plan that throws fails the job.
 */
export async function planJob(
  db: Db,
  job: { id: string; kind: string },
  how: {
    owner: string;
    leaseMs: number;
    kind: AnyJobKind;
    context: JobContext<unknown>;
    running: () => boolean;
    wake: () => void;
    log: (message: string, error?: unknown) => void;
  },
): Promise<void> {
  try {
    if (how.kind.plan) {
      for await (const units of how.kind.plan(how.context)) {
        if (!how.running()) return;
        if (!(await renewPlanning(db, job.id, how.owner, how.leaseMs))) return;
        await insertUnits(db, job.id, units);
        how.wake();
      }
    }
    if (!how.running()) return;
    await finishPlanning(db, job.id, how.owner);
    await closeFinishedJobs(db, [job.id]);
    how.wake();
  } catch (error) {
    if (!how.running()) return;
    how.log(`planning job ${job.id} (${job.kind}) failed`, error);
    await failJob(db, job.id, error instanceof Error ? error.message : String(error)).catch(() => {});
  }
}
