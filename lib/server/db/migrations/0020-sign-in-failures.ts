import { sql, type Migration } from 'kysely';
import { sqlMigration } from '../sql-migration';

/** Wrong-password counts per account (lib/server/auth/account-limit.ts), shared by every console instance. */
export const signInFailuresMigration: Migration = sqlMigration({
  up: [
    sql`
      create table sign_in_failures (
        email text primary key,
        failures integer not null,
        window_start timestamptz not null
      )
    `,
  ],
  down: [sql`drop table if exists sign_in_failures`],
});

export default signInFailuresMigration;
