import 'server-only';
import { sql, type Kysely } from 'kysely';
import { Gauge } from 'prom-client';
import type { ConsoleDatabase } from '../db';
import { registry } from './metrics';
import { readOncePerScrape } from './scrape';

/**
 * Gauges of the data the console watches, read when scraped so every instance reports the same figures: open
 * findings per "Needs attention" rule, and how far behind the service each mirrored resource is (seconds since
 * its last complete pass finished). Read with SQL over their tables: infrastructure reads no feature's code.
 */
export async function dataFigures(db: Kysely<ConsoleDatabase>): Promise<{
  findings: { rule: string; open: number }[];
  lag: { resource: string; seconds: number }[];
}> {
  const [findings, lag] = await Promise.all([
    sql<{ rule: string; open: number }>`
      select rule, count(*)::int as open from attention_finding
      where resolved_at is null and (accepted_at is null or accepted_until <= now()) group by rule`.execute(db),
    sql<{ resource: string; seconds: string }>`
      select entity as resource, extract(epoch from now() - last_pass_finished_at)::text as seconds from mirror_state
      where last_pass_finished_at is not null and entity <> '*'`.execute(db),
  ]);
  return {
    findings: findings.rows,
    lag: lag.rows.map((r) => ({ resource: r.resource, seconds: Math.max(0, Number(r.seconds)) })),
  };
}

const readFigures = readOncePerScrape(
  () => {
    openFindings.reset();
    mirrorLag.reset();
  },
  async (db) => {
    const figures = await dataFigures(db);
    for (const row of figures.findings) openFindings.set({ rule: row.rule }, row.open);
    for (const row of figures.lag) mirrorLag.set({ resource: row.resource }, row.seconds);
  },
  'attention and mirror figures not read',
);

const openFindings = new Gauge({
  name: 'console_attention_open_findings',
  help: 'Open "Needs attention" findings (not resolved, not accepted), by rule.',
  labelNames: ['rule'] as const,
  registers: [registry],
  collect: readFigures,
});

const mirrorLag = new Gauge({
  name: 'console_mirror_lag_seconds',
  help: 'Seconds since the last complete pass of the mirror finished, by resource (how stale lists may be).',
  labelNames: ['resource'] as const,
  registers: [registry],
  collect: readFigures,
});
