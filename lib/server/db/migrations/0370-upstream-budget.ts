import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The credential's send schedule, shared by every instance on this database (lib/server/upstream/rate-budget.ts):
 * the next free send slot and the pause after a 429, in ms of the database's clock, one row per credential.
 */
const upstreamBudget: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table upstream_budget (
        tenant text primary key,
        next_slot_ms double precision not null default 0,
        paused_until_ms double precision not null default 0
      )
    `.execute(db);
  },
};

export default upstreamBudget;
