import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Each account's display choices (language, table density), kept with the account so they follow the person
 * to any browser. A console table rather than better-auth fields: the auth schema stays better-auth's own.
 */
export const userPreferenceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table user_preference (
        user_id text primary key references "user"(id) on delete cascade,
        locale text check (locale in ('en', 'zh-TW')),
        density text check (density in ('comfortable', 'compact')),
        updated_at timestamptz not null default now()
      )`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists user_preference`.execute(db);
  },
};

export default userPreferenceMigration;
