import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Claims take the open units in id order (`order by u.id limit n`). The open-units index is ordered by job
 * first, so every claim sorted all of a job's open units: 10,000 of them at the start of a quota refresh. This
 * index lets a claim read the first open ids and stop (claiming 10,000 units 16 at a time: 4.1 s → 1.4 s).
 */
export const jobUnitOpenOrderMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create index job_unit_open_id_idx on job_unit (id) where state in ('pending', 'running')`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index if exists job_unit_open_id_idx`.execute(db);
  },
};

export default jobUnitOpenOrderMigration;
