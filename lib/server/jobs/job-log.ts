import 'server-only';
import { logger } from '../log';

/**
 * Kinds the runtime starts on a schedule (JobKind.quiet: the mirror's passes), whose lines go at debug level.
 * Per module instance, filled by the runner and the schedule from the kinds they are given.
 */
const quiet = new Set<string>();

export function quietKind(name: string): void {
  quiet.add(name);
}

const levelOf = (kind: string | undefined, level: 'info' | 'warn') => (kind && quiet.has(kind) ? 'debug' : level);

/** The runtime's own trouble (a lease not renewed, a batch not recorded): a warning with the error's name. */
export function jobsWarning(message: string, error?: unknown): void {
  logger().warn({ source: 'jobs', error: error instanceof Error ? `${error.name}: ${error.message}` : error }, message);
}

/**
 * A job's lines in the log, each with its id and kind: created, progress after each batch of units is
 * recorded, ended. Outcomes are counted, never a unit's input or result (they may hold customer data).
 */
export const jobLog = {
  created(job: { jobId: string; kind: string; units: number | null }) {
    logger()[levelOf(job.kind, 'info')]({ ...job, event: 'job_created' }, 'job created');
  },
  progress(job: { jobId: string; kind: string; done: number; failed: number }) {
    logger()[levelOf(job.kind, 'info')]({ ...job, event: 'job_progress' }, 'job progress');
  },
  ended(job: { jobId: string; kind?: string; state: 'succeeded' | 'failed' | 'cancelled'; error?: string }) {
    logger()[levelOf(job.kind, job.state === 'failed' ? 'warn' : 'info')]({ ...job, event: 'job_ended' }, 'job ended');
  },
};

/** After a flush commits: one progress line per job in the batch, and an end line for each job it closed. */
export function logFlushed(
  batch: readonly { unit: { jobId: string }; kind: { name: string }; outcome: { ok: boolean } }[],
  closed: readonly { jobId: string; kind: string }[],
): void {
  const byJob = new Map<string, { jobId: string; kind: string; done: number; failed: number }>();
  for (const { unit, kind, outcome } of batch) {
    const line = byJob.get(unit.jobId) ?? { jobId: unit.jobId, kind: kind.name, done: 0, failed: 0 };
    if (outcome.ok) line.done++;
    else line.failed++;
    byJob.set(unit.jobId, line);
  }
  for (const line of byJob.values()) jobLog.progress(line);
  for (const job of closed) jobLog.ended({ ...job, state: 'succeeded' });
}
