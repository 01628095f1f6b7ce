import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Why a session was ended by someone else (a role change, a disabled account, an ended session, a password
 * reset): the sign-in page tells the person, found by the hash of the token their browser still holds. Only the
 * hash is kept (the token is a credential); rows are dropped a few days later (lib/server/auth/session-ends.ts).
 * "Last active" of a session (lib/server/auth/session-activity.ts): a table of its own, because an update of
 * "session" notifies the proxy's session cache (migration 0030) and would empty it for everyone.
 */
const sessionEnded: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table session_end (
        token_hash text primary key,
        reason text not null check (reason in ('roleChanged', 'disabled', 'ended', 'passwordReset')),
        ended_at timestamptz not null default now()
      )`.execute(db);
    await sql`create index session_end_ended_at on session_end (ended_at)`.execute(db);
    await sql`
      create table session_activity (
        session_id text primary key references "session"(id) on delete cascade,
        seen_at timestamptz not null
      )`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists session_activity`.execute(db);
    await sql`drop table if exists session_end`.execute(db);
  },
};

export default sessionEnded;
