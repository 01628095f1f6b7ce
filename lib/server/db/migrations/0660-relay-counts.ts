import { sql } from 'kysely';
import { sqlMigration } from '../sql-migration';

/**
 * What the /v1 relay counts instead of storing (issue 61 point 4, lib/server/sync/triage.ts). Anyone who can reach
 * the console's port can send /v1 calls, so a call the upstream refused as a whole (401, 403, 405, 408, 413, 429:
 * unsigned, a wrong signature, an unknown client, rate limited, too large) is never one sync_call row: it adds one
 * to its (client id, minute, status) count. `sync_call_count` also holds, under reason `over_cap`, the calls a
 * client sent beyond the stored-calls cap of a minute (SYNC_LOG_CALLS_PER_MINUTE) that carried no item to fix.
 * `status` 0 is a call that got no answer. `sync_call_minute` is each client's minute: how many of its calls the cap
 * applied to, counted in the statement that takes a slot, so instances sharing one database share one cap.
 * Both are deleted with the calls by the relay's retention job.
 */
export default sqlMigration({
  up: [
    sql`
      create table sync_call_count (
        client_id text not null,
        minute timestamptz not null,
        status integer not null,
        reason text not null check (reason in ('refused', 'over_cap')),
        calls integer not null,
        primary key (client_id, minute, status, reason)
      )
    `,
    sql`create index sync_call_count_minute on sync_call_count (minute desc)`,
    sql`
      create table sync_call_minute (
        client_id text not null,
        minute timestamptz not null,
        calls integer not null,
        primary key (client_id, minute)
      )
    `,
    sql`create index sync_call_minute_minute on sync_call_minute (minute)`,
  ],
  down: [sql`drop table if exists sync_call_minute`, sql`drop table if exists sync_call_count`],
});
