import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { getEnv } from '../env';
import {
  JobRunner,
  RecurringJob,
  UNITS_RELEASED_CHANNEL,
  type ReadBack as UnitReadBack,
  type Written as UnitWritten,
} from '../jobs';
import { logger } from '../log';
import {
  MIRROR_ENTITY_NAMES,
  MIRROR_REFRESH_CHANNEL,
  mirrorPassJob,
  mirrorPassUnits,
  type MirrorPassParams,
} from '../mirror';
import { mirrorCopy, READ_BACK_TIMEOUT_MS, readBackWithTicket, storeReadBack, type ReadBack } from '../mirror';
import { currentTenant, getJobsUpstream, getMirrorUpstream, processParts } from '../process';
import { jobKinds } from './job-kinds';

/**
 * How this process's job runner and the mirror's schedule are built: ProcessRuntime starts each once
 * (./process.ts), with the builders of the bundle that installed it (./instance.ts). They use the process's parts through
 * lib/server/process, like every layer below, so nothing here needs the runtime's own module.
 */

/** The job runner, with every kind this console runs (./job-kinds.ts). */
export function createJobRunner(db: Kysely<ConsoleDatabase>): JobRunner {
  const env = getEnv();
  // MIRROR=off: this process runs no pass, whoever started the run, and an import's old values are read live.
  const kinds = env.mirror.enabled
    ? jobKinds({
        copy: (entity, id, tenant) => mirrorCopy(db, entity, id, { tenant, intervalMs: env.mirror.intervalMs }),
      })
    : jobKinds().filter((kind) => kind !== mirrorPassJob);
  return new JobRunner({
    db,
    kinds,
    upstream: getJobsUpstream(),
    // The passes take their turn at the rate gate after people and jobs: the write-through already copies what jobs
    // write, and a pass catches up once they leave room.
    upstreamOf: { [mirrorPassJob.name]: getMirrorUpstream() },
    concurrency: env.jobs.concurrency,
    leaseMs: env.jobs.leaseMs,
    watchReleases: (onRelease) => processParts().listen(UNITS_RELEASED_CHANNEL, onRelease),
    readBack: env.mirror.enabled ? jobsReadBack : undefined,
    // Only this module's jobsReadBack makes the read-backs the runner hands back here.
    storeReadBacks: (trx, readBacks) => storeReadBack(trx, readBacks as readonly ReadBack[]),
  });
}

/** An import chunk's records read back for the mirror, within the write-through's bound; null when that failed. */
async function jobsReadBack(written: UnitWritten, sentAt: number): Promise<UnitReadBack | null> {
  const entity = MIRROR_ENTITY_NAMES.find((name) => name === written.entity);
  if (!entity) return null;
  try {
    const db = await processParts().consoleDb();
    return await readBackWithTicket(
      db,
      getJobsUpstream(),
      { entity, ids: written.ids },
      { since: sentAt, signal: AbortSignal.timeout(READ_BACK_TIMEOUT_MS) },
    );
  } catch (error) {
    logger().warn(
      { source: 'mirror', error: error instanceof Error ? `${error.name}: ${error.message}` : error },
      'mirror read-back failed; the next pass catches up',
    );
    return null;
  }
}

/**
 * When the mirror's passes run (lib/server/mirror): a run of mirrorPassJob every MIRROR_INTERVAL_S after the last
 * one ended, by whichever instance looks first, at once on a Refresh (here, or a NOTIFY from a web instance).
 * `started` wakes this process's job runner to claim the run's units now.
 */
export function createMirrorSchedule(db: Kysely<ConsoleDatabase>, started: () => void): RecurringJob {
  const env = getEnv();
  const params: MirrorPassParams = { sweepMs: env.mirror.sweepMs };
  return new RecurringJob({
    db,
    kind: mirrorPassJob,
    tenant: currentTenant(),
    everyMs: env.mirror.intervalMs,
    units: mirrorPassUnits,
    params,
    started,
    watch: (onAsk) => processParts().listen(MIRROR_REFRESH_CHANNEL, onAsk),
  });
}
