import { sql, type Kysely, type Migration } from 'kysely';

/** The channel the console's own session cache listens on (lib/server/proxy/session-check.ts). */
export const AUTH_CHANGES_CHANNEL = 'console_auth_changes';

/**
 * A NOTIFY whenever a session or an account changes or goes: whoever caches "token → user, role" learns it
 * from the database itself, whatever wrote the change (better-auth, the admin plugin, a manual SQL fix).
 * Statement-level, so a bulk sign-out sends one notice. Inserts are left out: a new session or account
 * makes no cached answer wrong.
 */
export const authChangeNotifyMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create function console_auth_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify(${sql.lit(AUTH_CHANGES_CHANNEL)}, tg_table_name);
        return null;
      end
      $$
    `.execute(db);
    for (const table of ['session', 'user']) {
      await sql`
        create trigger ${sql.id(`${table}_changed`)}
        after update or delete or truncate on ${sql.id(table)}
        for each statement execute function console_auth_changed()
      `.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    await sql`drop trigger if exists session_changed on "session"`.execute(db);
    await sql`drop trigger if exists user_changed on "user"`.execute(db);
    await sql`drop function if exists console_auth_changed()`.execute(db);
  },
};

export default authChangeNotifyMigration;
