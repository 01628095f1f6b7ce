import { sql, type Kysely, type Migration } from 'kysely';

/** Wrong-password counts per account (lib/server/auth/account-limit.ts), shared by every console instance. */
export const signInFailuresMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table sign_in_failures (
        email text primary key,
        failures integer not null,
        window_start timestamptz not null
      )
    `.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists sign_in_failures`.execute(db);
  },
};

export default signInFailuresMigration;
