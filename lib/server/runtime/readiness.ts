import 'server-only';
import { sql } from 'kysely';
import { STALE_INTERVALS } from '@/lib/contract/console/list-read';
import type { MirrorCheck, ReadyAnswer } from '@/lib/contract/console/ops';
import { MIRROR_ENTITY_NAMES } from '../mirror';
import { readUpstreamStatus } from '../upstream';
import { currentTenant, getUpstream } from '../process';
import { runtime } from './instance';
import type { JobsState } from './process';

/**
 * What /api/ready answers a load balancer: ready when the console database answers (it was migrated when the
 * runtime opened it) and the upstream answers a signed probe with a clock skew it accepts; not ready at once
 * while the process is stopping (SIGTERM), so the balancer routes away before the instance closes. The body
 * says which check failed in words of its own, never an address, a secret or an error's text. Cheap enough to
 * ask every second: the database check is one `select 1` and one read of mirror_state, the upstream probe is
 * shared by the callers of one second.
 *
 * The mirror's lag (seconds since the last complete pass began, per entity and the worst) is reported, and
 * past STALE_INTERVALS intervals the status is "degraded" with HTTP 200, not 503: the mirror is one
 * copy shared by every instance (one runner across them holds its lease), so its lag is the same on each and
 * taking this instance out of rotation would fix nothing; taking them all out would turn stale lists (still
 * served, with a banner saying since when) and live record pages into an outage. Degraded is for alerting.
 */
export type Readiness = {
  ready: boolean;
  status: ReadyAnswer['status'];
  reason?: ReadyAnswer['reason'];
  /** While stopping, only `jobs`: nothing else is asked. */
  checks: {
    database?: 'ok' | 'unavailable';
    upstream?: 'ok' | 'unreachable' | 'refused' | 'clock_skew';
    jobs: JobsState;
    mirror?: MirrorCheck;
  };
};

type Upstream = NonNullable<Readiness['checks']['upstream']>;

const CHECK_TIMEOUT_MS = 1_500;
const PROBE_REUSE_MS = 1_000;

let probe: { at: number; result: Promise<Upstream> } | null = null;

function withTimeout<T>(work: Promise<T>, fallback: T): Promise<T> {
  return Promise.race([
    work.catch(() => fallback),
    new Promise<T>((resolve) => setTimeout(() => resolve(fallback), CHECK_TIMEOUT_MS)),
  ]);
}

async function checkDatabase(): Promise<'ok' | 'unavailable'> {
  const db = await runtime().consoleDb();
  await sql`select 1`.execute(db);
  return 'ok';
}

async function probeUpstream(): Promise<Upstream> {
  const env = runtime().env;
  // A probe bounded well inside the load balancer's interval, whatever UPSTREAM_TIMEOUT_MS says.
  const status = await readUpstreamStatus(
    { upstream: { ...env.upstream, timeoutMs: CHECK_TIMEOUT_MS - 500 } },
    getUpstream(),
  );
  if (!status.probe.reachable) return 'unreachable';
  if (!status.probe.ok) return 'refused';
  return status.skew.level === 'fatal' ? 'clock_skew' : 'ok';
}

function upstreamCheck(): Promise<Upstream> {
  const now = Date.now();
  if (!probe || now - probe.at >= PROBE_REUSE_MS)
    probe = { at: now, result: withTimeout(probeUpstream(), 'unreachable') };
  return probe.result;
}

/**
 * The mirror's lag per entity, from its state (shared by all instances, so a web instance that runs no passes
 * reports it too). An entity with no complete pass for this upstream yet (the initial pull) has no lag: the
 * mirror is `pending` and lists read live meanwhile.
 */
async function checkMirror(): Promise<MirrorCheck> {
  const { enabled, intervalMs } = runtime().env.mirror;
  if (!enabled) return { status: 'off' };
  const db = await runtime().consoleDb();
  const { rows } = await sql<{
    entity: string;
    tenant: string | null;
    last_pass_at: Date | string | null;
    mode: string | null;
  }>`
    select entity, tenant, last_pass_at, pass->>'mode' as mode from mirror_state where entity <> '*'`.execute(db);
  const tenant = currentTenant();
  const now = Date.now();
  const entities: Record<string, number | null> = {};
  for (const entity of MIRROR_ENTITY_NAMES) {
    const row = rows.find((r) => r.entity === entity);
    const complete = row && row.tenant === tenant && row.last_pass_at !== null && row.mode !== 'initial';
    entities[entity] = complete ? Math.max(0, Math.round((now - new Date(row.last_pass_at!).getTime()) / 1000)) : null;
  }
  const lags = Object.values(entities);
  const intervalS = intervalMs / 1000;
  if (lags.some((lag) => lag === null)) return { status: 'pending', lagS: null, intervalS, entities };
  const lagS = Math.max(...(lags as number[]));
  return { status: lagS > STALE_INTERVALS * intervalS ? 'degraded' : 'ok', lagS, intervalS, entities };
}

export async function readiness(): Promise<Readiness> {
  const jobs = runtime().jobsState;
  // Stopping: nothing else is asked (the databases are about to close); the answer alone routes traffic away.
  if (runtime().stopping) {
    return { ready: false, status: 'not_ready', reason: 'stopping', checks: { jobs } };
  }
  const [database, upstream, mirror] = await Promise.all([
    withTimeout<'ok' | 'unavailable'>(checkDatabase(), 'unavailable'),
    upstreamCheck(),
    withTimeout<MirrorCheck>(checkMirror(), { status: 'unknown' }),
  ]);
  const ready = database === 'ok' && upstream === 'ok' && jobs !== 'failed';
  const status = !ready ? 'not_ready' : mirror.status === 'degraded' ? 'degraded' : 'ready';
  return { ready, status, checks: { database, upstream, jobs, mirror } };
}

/** The route's answer: 200 when ready or degraded (see above), 503 otherwise. */
export async function readyAnswer(): Promise<{ status: 200 | 503; data: ReadyAnswer }> {
  const result = await readiness();
  const data: ReadyAnswer = {
    status: result.status,
    checks: result.checks,
    ...(result.reason ? { reason: result.reason } : {}),
  };
  return { status: result.ready ? 200 : 503, data };
}
