import 'server-only';
import { getConsoleDb } from '../db';
import { getEnv } from '../env';
import type { UpstreamClient } from '../upstream';
import { createEnvUpstream } from '../upstream-instance';
import { JOB_KINDS } from './kinds';
import { limitedFetch } from './limited-fetch';
import { JobRunner } from './runner';


// On globalThis: Next may load this module more than once per process (route handlers, pages and actions
// are bundled apart), and one process must have one runner. Only wake() is called across that boundary.
// instrumentation.ts must NOT create the runner (its bundle carries other copies of every class, and in
// embedded mode it would open the service's PGlite folder a second time); it asks /api/jobs/wake instead.
const holder = globalThis as typeof globalThis & { __jobRunner?: Promise<JobRunner>; __jobsUpstream?: UpstreamClient };

/** The upstream the jobs use: the same signing client settings, behind the jobs' own concurrency limit. */
function jobsUpstream(): UpstreamClient {
  return createEnvUpstream((base) => limitedFetch(base, { concurrency: getEnv().jobs.concurrency }));
}

/** Which upstream a job's data belongs to: the same console pointed elsewhere starts a separate history. */
export function currentTenant(): string {
  const { upstream } = getEnv();
  return `${upstream.clientId}@${upstream.baseUrl}`;
}

/**
 * Starts this process's runner once (idempotent) and nudges it to look for work now. Called by every route or
 * action that creates or shows a job, and by /api/jobs/wake, which instrumentation calls after start-up so
 * a restarted console resumes its jobs before anyone visits.
 */
export async function ensureJobRunner(): Promise<JobRunner> {
  if (!holder.__jobRunner) {
    const upstream = getJobsUpstream();
    const starting = getConsoleDb().then((db) => {
      const r = new JobRunner({ db, kinds: JOB_KINDS, upstream, concurrency: getEnv().jobs.concurrency });
      r.start();
      return r;
    });
    holder.__jobRunner = starting;
    // A failed start (database down) is not kept: the next call tries again.
    starting.catch(() => {
      holder.__jobRunner = undefined;
    });
  }
  const runner = await holder.__jobRunner;
  runner.wake();
  return runner;
}

/** The signing client the jobs use (concurrency-limited), for a route that reads on a job's behalf. */
export function getJobsUpstream(): UpstreamClient {
  holder.__jobsUpstream ??= jobsUpstream();
  return holder.__jobsUpstream;
}
