import { sql, type Migration } from 'kysely';
import { sqlMigration } from '../sql-migration';

/**
 * Two-factor, the console's part (better-auth's own `twoFactor` and `passkey` tables come from its migrations,
 * derived from the installed version's schema, `twoFactor.verified` included):
 * - `two_factor_policy`: which roles must have a second factor (a role without a row keeps the default: admins
 *   outside demo mode).
 * - `second_factor_session`: the sessions whose sign-in proved a second factor (code, backup code or passkey),
 *   so the console's own session check can tell a session that still owes one.
 * - the audit log's `client_address`: from where a security event came (enrolment, removal, backup-code use).
 * Both tables notify the session cache (0030) on change, so a new requirement applies on the next request.
 */
export const twoFactorMigration: Migration = sqlMigration({
  up: [
    sql`
      create table two_factor_policy (
        role text primary key,
        required boolean not null,
        updated_at timestamptz not null default now(),
        updated_by text
      )
    `,
    sql`
      create table second_factor_session (
        session_id text primary key references "session"(id) on delete cascade,
        method text not null,
        at timestamptz not null default now()
      )
    `,
    sql`alter table audit_log add column if not exists client_address text`,
    sql`
      create trigger two_factor_policy_changed
      after insert or update or delete or truncate on two_factor_policy
      for each statement execute function console_auth_changed()
    `,
    sql`
      create trigger second_factor_session_changed
      after update or delete or truncate on second_factor_session
      for each statement execute function console_auth_changed()
    `,
  ],
  down: [
    sql`drop table if exists second_factor_session`,
    sql`drop table if exists two_factor_policy`,
    sql`alter table audit_log drop column if exists client_address`,
  ],
});

export default twoFactorMigration;
