import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import type { JobState } from '@/lib/contract/console/jobs';
import type { JobView, UnitState } from './job-types';

/** A job as the pages and the API show it: its row, with progress counted from its units. */

type Db = Kysely<ConsoleDatabase>;

/** A job in one of these states is active: one per kind and tenant. */
export const ACTIVE_STATES: readonly JobState[] = ['planning', 'running'];

/** The window the rate (and so the time left) is measured over. */
const RATE_WINDOW_S = 30;

type JobRow = {
  id: string;
  kind: string;
  tenant: string;
  state: string;
  params: unknown;
  created_by: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  error: string | null;
  summary: unknown;
};

async function withProgress(db: Db, row: JobRow): Promise<JobView> {
  const counts = await sql<{ state: string; n: string }>`
    select state, count(*)::text as n from job_unit where job_id = ${row.id} group by state
  `.execute(db);
  const by = Object.fromEntries(counts.rows.map((r) => [r.state, Number(r.n)]));
  const total = Object.values(by).reduce((a, b) => a + b, 0);
  const recent = await sql<{ n: string; first: Date | null }>`
    select count(*)::text as n, min(finished_at) as first from job_unit
    where job_id = ${row.id} and finished_at > now() - make_interval(secs => ${RATE_WINDOW_S})
  `.execute(db);
  const recentCount = Number(recent.rows[0]?.n ?? 0);
  const first = recent.rows[0]?.first;
  // Over the window, or since the first finish within it when the job is younger than the window.
  const seconds = first ? Math.min(RATE_WINDOW_S, Math.max(1, (Date.now() - new Date(first).getTime()) / 1000)) : 0;
  const rate = recentCount > 0 && seconds > 0 ? recentCount / seconds : null;
  const left = (by.pending ?? 0) + (by.running ?? 0);
  return {
    id: String(row.id),
    kind: row.kind,
    tenant: row.tenant,
    state: row.state as JobState,
    params: row.params,
    createdBy: row.created_by,
    createdAt: new Date(row.created_at),
    startedAt: row.started_at ? new Date(row.started_at) : null,
    finishedAt: row.finished_at ? new Date(row.finished_at) : null,
    error: row.error,
    summary: row.summary,
    progress: {
      total,
      done: by.done ?? 0,
      failed: by.failed ?? 0,
      cancelled: by.cancelled ?? 0,
      ratePerSecond: rate,
      etaSeconds: rate && row.state === 'running' ? Math.ceil(left / rate) : null,
    },
  };
}

const jobColumns = [
  'id',
  'kind',
  'tenant',
  'state',
  'params',
  'created_by',
  'created_at',
  'started_at',
  'finished_at',
  'error',
  'summary',
] as const;

export async function getJob(db: Db, id: string): Promise<JobView | null> {
  if (!/^\d{1,18}$/.test(id)) return null;
  const row = await db.selectFrom('job').select(jobColumns).where('id', '=', id).executeTakeFirst();
  return row ? withProgress(db, row as JobRow) : null;
}

/** The newest job of a kind for a tenant (active or not), or null. */
export async function latestJob(db: Db, kind: string, tenant: string, state?: JobState): Promise<JobView | null> {
  let query = db.selectFrom('job').select(jobColumns).where('kind', '=', kind).where('tenant', '=', tenant);
  if (state) query = query.where('state', '=', state);
  const row = await query.orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row ? withProgress(db, row as JobRow) : null;
}

/** The active job of a kind for a tenant (at most one: a unique index), or null. */
export async function activeJob(db: Db, kind: string, tenant: string): Promise<string | null> {
  const row = await db
    .selectFrom('job')
    .select('id')
    .where('kind', '=', kind)
    .where('tenant', '=', tenant)
    .where('state', 'in', ACTIVE_STATES)
    .executeTakeFirst();
  return row ? String(row.id) : null;
}

/** Results of a job's finished units, in unit order, for kinds that report per unit (imports). */
export async function listUnits(
  db: Db,
  jobId: string,
  options: { states?: readonly UnitState[]; afterId?: string; limit?: number } = {},
): Promise<{ id: string; key: string; state: UnitState; input: unknown; result: unknown; error: unknown }[]> {
  let query = db
    .selectFrom('job_unit')
    .select(['id', 'key', 'state', 'input', 'result', 'error'])
    .where('job_id', '=', jobId)
    .orderBy('id')
    .limit(options.limit ?? 1000);
  if (options.states?.length) query = query.where('state', 'in', options.states);
  if (options.afterId) query = query.where('id', '>', options.afterId);
  const rows = await query.execute();
  return rows.map((r) => ({ ...r, id: String(r.id), state: r.state as UnitState }));
}
