import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { ConsoleDatabase } from '../../db';

/** A word held by at least this share of a table's records is checked record by record, not looked up in an index. */
export const COMMON_SHARE = 0.2;

/** The planner's statistics change when a table is analyzed (autovacuum, after enough writes): read again after this. */
const STATS_TTL_MS = 60_000;

interface Sample {
  /** Most common search texts and the share of records holding each. */
  common: { text: string; share: number }[];
  /** Search texts bounding equally full buckets of the other records. */
  bounds: string[];
  /** Share of records that are neither common values nor null. */
  rest: number;
}

/** Per console database (tests open several in one process), per table. */
const samplesByDb = new WeakMap<Kysely<ConsoleDatabase>, Map<string, { sample: Sample; at: number }>>();

/**
 * The database's own sample of a table's search texts (pg_stats, kept by ANALYZE): the same sample the planner
 * uses to estimate a LIKE. null before the table was first analyzed (small or new tables: every word then uses
 * the indexes, as they cost little there).
 */
async function sampleOf(db: Kysely<ConsoleDatabase>, table: string): Promise<Sample | null> {
  let samples = samplesByDb.get(db);
  if (!samples) samplesByDb.set(db, (samples = new Map()));
  const cached = samples.get(table);
  if (cached && Date.now() - cached.at < STATS_TTL_MS) return cached.sample;
  const { rows } = await sql<{
    mcv: string[] | null;
    freqs: number[] | null;
    bounds: string[] | null;
    null_frac: number;
  }>`
    select most_common_vals::text::text[] as mcv, most_common_freqs as freqs, histogram_bounds::text::text[] as bounds, null_frac
    from pg_stats where schemaname = current_schema() and tablename = ${table} and attname = 'search'`.execute(db);
  const row = rows[0];
  let sample: Sample | null = null;
  if (row && (row.mcv?.length || row.bounds?.length)) {
    const common = (row.mcv ?? []).map((text, i) => ({ text, share: Number(row.freqs?.[i] ?? 0) }));
    const rest = Math.max(0, 1 - Number(row.null_frac) - common.reduce((a, c) => a + c.share, 0));
    sample = { common, bounds: row.bounds ?? [], rest };
  }
  // A table not analyzed yet is asked again next time (a cheap read), so its first statistics count at once.
  if (sample) samples.set(table, { sample, at: Date.now() });
  return sample;
}

/** The share of a table's records whose search text holds `word`, as the sample tells it. */
function shareHolding(sample: Sample, word: string): number {
  const inCommon = sample.common.filter((c) => c.text.includes(word)).reduce((a, c) => a + c.share, 0);
  const inBounds =
    sample.bounds.length === 0 ? 0 : sample.bounds.filter((b) => b.includes(word)).length / sample.bounds.length;
  return inCommon + sample.rest * inBounds;
}

/** The words of `words` that at least COMMON_SHARE of the table's records hold. */
export async function commonWords(
  db: Kysely<ConsoleDatabase>,
  table: string,
  words: readonly string[],
): Promise<Set<string>> {
  const sample = await sampleOf(db, table);
  if (!sample) return new Set();
  return new Set(words.filter((word) => shareHolding(sample, word) >= COMMON_SHARE));
}
