import { sql, type Migration } from 'kysely';
import { sqlMigration } from '../sql-migration';

/** Which runner recorded a unit's outcome: shows how the work spread over instances (and who to ask). */
export const jobUnitFinishedByMigration: Migration = sqlMigration({
  up: [sql`alter table job_unit add column finished_by text`],
  down: [sql`alter table job_unit drop column if exists finished_by`],
});

export default jobUnitFinishedByMigration;
