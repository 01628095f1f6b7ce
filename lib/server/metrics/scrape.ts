import 'server-only';
import { sql, type Kysely } from 'kysely';
import { Gauge } from 'prom-client';
import type { ConsoleDatabase } from '../db';
import { logger } from '../log';
import { registry, scrapedGauge } from './metrics';

/** Backlog of the job runtime per kind, read from the job tables, so every instance reports the same figures. */
export async function jobBacklog(
  db: Kysely<ConsoleDatabase>,
): Promise<{ kind: string; pending: number; oldestSeconds: number }[]> {
  // A unit has no creation time of its own: its job's start (or creation, while planning) is when it began to wait.
  const { rows } = await sql<{ kind: string; pending: string; oldest: string }>`
    select j.kind, count(*)::text as pending,
      extract(epoch from now() - min(coalesce(j.started_at, j.created_at)))::text as oldest
    from job_unit u join job j on j.id = u.job_id
    where u.state = 'pending' and j.state in ('planning', 'running')
    group by j.kind
  `.execute(db);
  return rows.map((r) => ({ kind: r.kind, pending: Number(r.pending), oldestSeconds: Math.max(0, Number(r.oldest)) }));
}

export type PoolUse = { total: number; idle: number; waiting: number; max: number };

export interface ScrapeSources {
  db(): Promise<Kysely<ConsoleDatabase>>;
  /** The Postgres pool's counts; null on PGlite (one connection, no pool). */
  poolUse(): PoolUse | null;
}

let sources: ScrapeSources | null = null;

/**
 * Where the gauges below read from, set by the endpoint before each scrape. The gauges are registered once
 * per registry (registering a name twice throws), so they read whichever sources were set last.
 */
export function useScrapeSources(next: ScrapeSources): void {
  sources = next;
}

/** The database the gauges read, or null before the endpoint set its sources. */
export async function scrapeDb(): Promise<Kysely<ConsoleDatabase> | null> {
  return sources ? sources.db() : null;
}

/**
 * One database read shared by the gauges it fills, once per scrape: the first gauge's collect starts it, the
 * others wait for the same read, and the next scrape reads again. The gauges are emptied first, so a database
 * that cannot be read (or no sources yet) leaves them empty for this scrape: the other metrics still answer, and
 * the warning says what was not read.
 */
export function readOncePerScrape(
  empty: () => void,
  fill: (db: Kysely<ConsoleDatabase>) => Promise<void>,
  notRead: string,
): () => Promise<void> {
  let reading: Promise<void> | null = null;
  return () => {
    reading ??= (async () => {
      empty();
      try {
        const db = await scrapeDb();
        if (!db) return;
        await fill(db);
      } catch (error) {
        logger().warn({ source: 'metrics', error: error instanceof Error ? error.message : String(error) }, notRead);
      }
    })().finally(() => {
      setImmediate(() => (reading = null));
    });
    return reading;
  };
}

// One query fills both job gauges; the second gauge's collect waits for the first one's.
const readBacklog = readOncePerScrape(
  () => {
    pending.reset();
    oldest.reset();
  },
  async (db) => {
    for (const row of await jobBacklog(db)) {
      pending.set({ kind: row.kind }, row.pending);
      oldest.set({ kind: row.kind }, row.oldestSeconds);
    }
  },
  'job backlog not read',
);

const pending = scrapedGauge(
  'console_job_units_pending',
  'Job units waiting to run, by job kind (all instances).',
  'kind',
  readBacklog,
);

const oldest = scrapedGauge(
  'console_job_oldest_pending_seconds',
  'Age of the oldest waiting job unit, by job kind (since its job started).',
  'kind',
  readBacklog,
);

new Gauge({
  name: 'console_db_pool_connections',
  help: 'Console database pool on Postgres (this instance): total, idle, waiting (queries queued for a connection) and max.',
  labelNames: ['state'] as const,
  registers: [registry],
  collect() {
    this.reset();
    const use = sources?.poolUse();
    if (!use) return;
    for (const [state, value] of Object.entries(use)) this.set({ state }, value);
  },
});
