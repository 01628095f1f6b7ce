import 'server-only';
import { createConsoleAuth, type ConsoleAuth } from '../auth/create';
import { ensureAccounts } from '../auth/bootstrap';
import { authConfigFromEnv } from '../auth/config';
import { getEnv } from '../env';
import { JOB_KINDS } from '../jobs/kinds';
import { JobRunner } from '../jobs/runner';
import { logger } from '../log/logger';
import { MIRROR_REFRESH_CHANNEL, MirrorRunner } from '../mirror/runner';
import { READ_BACK_TIMEOUT_MS, readBackWithTicket, type ReadBack, type Written } from '../mirror/write-through';
import { UNITS_RELEASED_CHANNEL } from '../jobs/store';
import { createUpstreamClient, type FetchImpl, type UpstreamClient } from '../upstream';
import { runtime } from '.';

/**
 * The parts each bundle builds for itself on the process's runtime (runtime/index.ts): they hold no resource of
 * their own, and their errors are checked with instanceof by code of the same bundle (better-auth's APIError in
 * the account actions, the upstream client's ApiError in pages), so a bundle must not be handed another
 * bundle's copy. Plain module variables, therefore: one per bundle. The signing proxy is built the same way,
 * beside its handler (proxy/console-proxy.ts).
 */

let auth: Promise<ConsoleAuth> | undefined;
let upstream: UpstreamClient | undefined;
let jobsUpstream: UpstreamClient | undefined;

/**
 * The console's better-auth instance, after the database is migrated and the first admin / demo accounts exist
 * (created once per process). A failed start is retried on the next call.
 */
export function getAuth(): Promise<ConsoleAuth> {
  auth ??= (async () => {
    const env = getEnv();
    const db = await runtime().consoleDb();
    const created = createConsoleAuth(db, authConfigFromEnv(env));
    await runtime().accountsOnce(() => ensureAccounts(created, db, { demoMode: env.demoMode, initialAdmin: env.initialAdmin }));
    return created;
  })().catch((error: unknown) => {
    auth = undefined;
    throw error;
  });
  return auth;
}

/**
 * A signing client from the validated env over `transport`: the network, or (embedded mode) the in-process
 * reference service behind the placeholder base URL `http://embedded.invalid`, so nothing leaves the process.
 * The host comes from configuration only, never from a request; the clock-skew estimate is the process's.
 */
function envUpstream(transport: FetchImpl): UpstreamClient {
  const env = getEnv().upstream;
  return createUpstreamClient({
    baseUrl: env.baseUrl,
    clientId: env.clientId,
    clientSecret: env.clientSecret,
    timeoutMs: env.timeoutMs,
    batchSize: env.batchSize,
    batchConcurrency: env.batchConcurrency,
    skew: runtime().skew,
    fetch: transport,
  });
}

/** The console's upstream client for requests (the proxy, server-rendered reads). */
export function getUpstream(): UpstreamClient {
  upstream ??= envUpstream(runtime().upstreamTransport);
  return upstream;
}

/** The signing client the jobs use (behind the process's jobs limit), also for a route reading on a job's behalf. */
export function getJobsUpstream(): UpstreamClient {
  jobsUpstream ??= envUpstream(runtime().jobsTransport());
  return jobsUpstream;
}

/** Which upstream a job's data belongs to: the same console pointed elsewhere starts a separate history. */
export function currentTenant(): string {
  const { upstream: env } = getEnv();
  return `${env.clientId}@${env.baseUrl}`;
}

/**
 * This process's job runner (started once, by whichever bundle asks first), nudged to look for work now; null
 * when this process runs no jobs (JOBS_RUNNER=off: a worker does). Called by every route or action that creates
 * or shows a job, and at start-up by startRuntime().
 */
export function ensureJobRunner(): Promise<JobRunner | null> {
  return runtime().jobs(
    (db) =>
      new JobRunner({
        db,
        kinds: JOB_KINDS,
        upstream: getJobsUpstream(),
        concurrency: getEnv().jobs.concurrency,
        watchReleases: (onRelease) => runtime().listen(UNITS_RELEASED_CHANNEL, onRelease),
        readBack: getEnv().mirror.enabled ? jobsReadBack : undefined,
      }),
  );
}

/** An import chunk's records read back for the mirror, within the write-through's bound; null when that failed. */
async function jobsReadBack(written: Written, sentAt: number): Promise<ReadBack | null> {
  try {
    const db = await runtime().consoleDb();
    return await readBackWithTicket(db, getJobsUpstream(), written, { since: sentAt, signal: AbortSignal.timeout(READ_BACK_TIMEOUT_MS) });
  } catch (error) {
    logger().warn({ source: 'mirror', error: error instanceof Error ? `${error.name}: ${error.message}` : error }, 'mirror read-back failed; the next pass catches up');
    return null;
  }
}

/** This process's mirror runner (null where jobs do not run or MIRROR=off); started at start-up by startRuntime(). */
export function ensureMirror(): Promise<MirrorRunner | null> {
  return runtime().mirror((db) => {
    const env = getEnv();
    return new MirrorRunner({
      db,
      client: getJobsUpstream(),
      tenant: currentTenant(),
      intervalMs: env.mirror.intervalMs,
      sweepMs: env.mirror.sweepMs,
      watchRefresh: (onRefresh) => runtime().listen(MIRROR_REFRESH_CHANNEL, onRefresh),
    });
  });
}
