import { sql, type Migration } from 'kysely';
import { sqlMigration } from '../sql-migration';

/**
 * CSV imports (issue 14): the file's description, every row of it with its outcome, and each user's column
 * mapping per family. The rows live here, not in the browser, so the results page shows the same thing to
 * another steward or after a restart. Sending is a job of the job runtime (`job_id`); a chunk is the unit.
 */
export const importsMigration: Migration = sqlMigration({
  up: [
    sql`
      create table import (
        id bigserial primary key,
        family text not null,
        file_name text not null,
        encoding text not null,
        delimiter text not null,
        headers jsonb not null,
        mapping jsonb not null,
        total_rows integer not null,
        -- uploading: rows still arriving; started: the job runs (its state is the job's); settled: rows
        -- without an outcome after the job ended were marked (not sent or unknown).
        state text not null default 'uploading',
        job_id text,
        created_by text not null,
        created_by_email text not null,
        created_at timestamptz not null default now()
      )
    `,
    sql`create index import_created_idx on import (created_at desc, id desc)`,
    sql`
      create table import_row (
        import_id bigint not null references import(id) on delete cascade,
        row_no integer not null,
        line integer not null,
        cells jsonb not null,
        -- The batch item sent; null when the check held the row back.
        item jsonb,
        -- An idempotent keyed upsert or absolute set: may be re-sent after an unknown outcome.
        keyed boolean not null default false,
        chunk integer,
        -- pending | sending | created | updated | ok | failed | unknown | not_sent
        status text not null,
        record_id bigint,
        -- [{ code, field?, column?, params? }]
        errors jsonb not null default '[]',
        warnings jsonb not null default '[]',
        -- How many times this row was put in a request (the kill test reads it).
        sent_count integer not null default 0,
        primary key (import_id, row_no)
      )
    `,
    sql`create index import_row_chunk_idx on import_row (import_id, chunk) where chunk is not null`,
    sql`create index import_row_status_idx on import_row (import_id, status, row_no)`,
    sql`
      create table import_mapping (
        user_id text not null,
        family text not null,
        mapping jsonb not null,
        updated_at timestamptz not null default now(),
        primary key (user_id, family)
      )
    `,
  ],
  down: [
    sql`drop table if exists import_mapping`,
    sql`drop table if exists import_row`,
    sql`drop table if exists import`,
  ],
});

export default importsMigration;
