import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Whether the account keeps list filters folded to one line of chips (issue 27): null until it chooses, when
 * the width decides (open on a laptop, folded on a narrow screen).
 */
export const userPreferenceFiltersMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table user_preference add column filters_folded boolean`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table user_preference drop column if exists filters_folded`.execute(db);
  },
};

export default userPreferenceFiltersMigration;
