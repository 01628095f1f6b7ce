import 'server-only';
import { sql } from 'kysely';
import { readUpstreamStatus } from '../upstream-status';
import { runtime, type JobsState } from '.';
import { getUpstream } from './parts';

/**
 * What /api/ready answers a load balancer: ready when the console database answers (it was migrated when the
 * runtime opened it) and the upstream answers a signed probe with a clock skew it accepts. The body says which
 * check failed in words of its own, never an address, a secret or an error's text. Cheap enough to ask every
 * second: the database check is one `select 1`, the upstream probe is shared by the callers of one second.
 */
export type Readiness = {
  ready: boolean;
  checks: {
    database: 'ok' | 'unavailable';
    upstream: 'ok' | 'unreachable' | 'refused' | 'clock_skew';
    jobs: JobsState;
  };
};

const CHECK_TIMEOUT_MS = 1_500;
const PROBE_REUSE_MS = 1_000;

let probe: { at: number; result: Promise<Readiness['checks']['upstream']> } | null = null;

function withTimeout<T>(work: Promise<T>, fallback: T): Promise<T> {
  return Promise.race([work.catch(() => fallback), new Promise<T>((resolve) => setTimeout(() => resolve(fallback), CHECK_TIMEOUT_MS))]);
}

async function checkDatabase(): Promise<Readiness['checks']['database']> {
  const db = await runtime().consoleDb();
  await sql`select 1`.execute(db);
  return 'ok';
}

async function probeUpstream(): Promise<Readiness['checks']['upstream']> {
  const env = runtime().env;
  // A probe bounded well inside the load balancer's interval, whatever UPSTREAM_TIMEOUT_MS says.
  const status = await readUpstreamStatus({ upstream: { ...env.upstream, timeoutMs: CHECK_TIMEOUT_MS - 500 } }, getUpstream());
  if (!status.probe.reachable) return 'unreachable';
  if (!status.probe.ok) return 'refused';
  return status.skew.level === 'fatal' ? 'clock_skew' : 'ok';
}

function upstreamCheck(): Promise<Readiness['checks']['upstream']> {
  const now = Date.now();
  if (!probe || now - probe.at >= PROBE_REUSE_MS) probe = { at: now, result: withTimeout(probeUpstream(), 'unreachable') };
  return probe.result;
}

export async function readiness(): Promise<Readiness> {
  const [database, upstream] = await Promise.all([withTimeout(checkDatabase(), 'unavailable'), upstreamCheck()]);
  const jobs = runtime().jobsState;
  return { ready: database === 'ok' && upstream === 'ok' && jobs !== 'failed', checks: { database, upstream, jobs } };
}
