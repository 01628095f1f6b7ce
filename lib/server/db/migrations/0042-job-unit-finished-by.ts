import { sql, type Kysely, type Migration } from 'kysely';

/** Which runner recorded a unit's outcome: shows how the work spread over instances (and who to ask). */
export const jobUnitFinishedByMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table job_unit add column finished_by text`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table job_unit drop column if exists finished_by`.execute(db);
  },
};

export default jobUnitFinishedByMigration;
