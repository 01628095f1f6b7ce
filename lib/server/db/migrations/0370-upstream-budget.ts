import { sql, type Migration } from 'kysely';
import { sqlMigration } from '../sql-migration';

/**
 * The credential's send schedule, shared by every instance on this database (lib/server/upstream/rate-budget.ts):
 * the next free send slot and the pause after a 429, in ms of the database's clock, one row per credential.
 */
const upstreamBudget: Migration = sqlMigration({
  up: [
    sql`
      create table upstream_budget (
        tenant text primary key,
        next_slot_ms double precision not null default 0,
        paused_until_ms double precision not null default 0
      )
    `,
  ],
  down: [sql`drop table if exists upstream_budget`],
});

export default upstreamBudget;
