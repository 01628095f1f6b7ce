import { sql, type Migration } from 'kysely';
import { sqlMigration } from '../sql-migration';

/**
 * Whether the account keeps list filters folded to one line of chips (issue 27): null until it chooses, when
 * the width decides (open on a laptop, folded on a narrow screen).
 */
export const userPreferenceFiltersMigration: Migration = sqlMigration({
  up: [sql`alter table user_preference add column filters_folded boolean`],
  down: [sql`alter table user_preference drop column if exists filters_folded`],
});

export default userPreferenceFiltersMigration;
