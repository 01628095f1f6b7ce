import 'server-only';
import { sql } from 'kysely';
import { logger } from '../log';
import { scrapedGauge } from './metrics';
import { scrapeDb } from './scrape';

/**
 * The mirror's lag per resource: seconds since its last completed pass (mirror_state.last_pass_at), read from the
 * console database at scrape time so every instance reports the same figure. A resource not yet copied has none.
 */
export const mirrorLag = scrapedGauge(
  'console_mirror_lag_seconds',
  "Seconds since the mirror's last completed pass, by resource (all instances; none before the first copy).",
  'resource',
  async () => {
    mirrorLag.reset();
    try {
      const db = await scrapeDb();
      if (!db) return;
      const { rows } = await sql<{ entity: string; lag: string }>`
        select entity, extract(epoch from now() - last_pass_at)::text as lag
        from mirror_state where last_pass_at is not null and entity <> '*'
      `.execute(db);
      for (const row of rows) mirrorLag.set({ resource: row.entity }, Math.max(0, Number(row.lag)));
    } catch (error) {
      logger().warn(
        { source: 'metrics', error: error instanceof Error ? error.message : String(error) },
        'mirror lag not read',
      );
    }
  },
);
