import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { scrapedGauge } from './metrics';
import { readOncePerScrape } from './scrape';

/**
 * Open findings per "Needs attention" rule, read when scraped so every instance reports the same figures. Read with
 * SQL over their table: infrastructure reads no feature's code. (The mirror's lag is in mirror-lag.ts.)
 */
export async function openFindingCounts(db: Kysely<ConsoleDatabase>): Promise<{ rule: string; open: number }[]> {
  const { rows } = await sql<{ rule: string; open: number }>`
    select rule, count(*)::int as open from attention_finding
    where resolved_at is null and (accepted_at is null or accepted_until <= now()) group by rule`.execute(db);
  return rows;
}

const readFigures = readOncePerScrape(
  () => openFindings.reset(),
  async (db) => {
    for (const row of await openFindingCounts(db)) openFindings.set({ rule: row.rule }, row.open);
  },
  'attention figures not read',
);

const openFindings = scrapedGauge(
  'console_attention_open_findings',
  'Open "Needs attention" findings (not resolved, not accepted), by rule.',
  'rule',
  readFigures,
);
