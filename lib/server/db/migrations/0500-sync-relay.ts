import { sql } from 'kysely';
import { sqlMigration } from '../sql-migration';

/**
 * The /v1 relay's records (issue 53, lib/server/sync). `sync_call`: one row per write the ERP sent through the
 * relay (or found in an uploaded integration log, or pasted), with its outcome as the relay saw it; the unique key
 * (client, nonce, received time) makes a call recorded twice (two instances, a retried insert) one row.
 * `sync_rejection`: one row per batch item that did not apply, holding the item exactly as the ERP sent it and the
 * answer's errors, open until the same record is applied (through the relay: 'erp'; by the console: 'console') or
 * a steward dismisses it. Applied items' bodies are never kept. Deleting a call (retention) deletes its rows.
 */
export default sqlMigration({
  up: [
    sql`
      create table sync_call (
        id bigserial primary key,
        source text not null default 'relay',
        client_id text not null,
        operation text not null,
        family text,
        received_at timestamptz not null,
        duration_ms double precision,
        added_ms double precision,
        status integer,
        outcome text not null,
        item_count integer not null default 0,
        applied_count integer not null default 0,
        rejected_count integer not null default 0,
        nonce text,
        request_id text,
        error_code text,
        unique (client_id, nonce, received_at)
      )
    `,
    sql`create index sync_call_received on sync_call (received_at desc)`,
    sql`
      create table sync_rejection (
        id bigserial primary key,
        call_id bigint not null references sync_call(id) on delete cascade,
        family text not null,
        item_index integer not null,
        record_key text not null,
        item jsonb not null,
        error_code text not null,
        error_field text,
        errors jsonb not null,
        received_at timestamptz not null,
        closed_at timestamptz,
        closed_how text,
        closed_by text,
        close_note text
      )
    `,
    sql`create index sync_rejection_open on sync_rejection (family, record_key) where closed_at is null`,
    sql`create index sync_rejection_received on sync_rejection (received_at desc)`,
    sql`create index sync_rejection_call on sync_rejection (call_id)`,
  ],
  down: [sql`drop table if exists sync_rejection`, sql`drop table if exists sync_call`],
});
