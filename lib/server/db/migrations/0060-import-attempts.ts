import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Attempts of an import (issue 15): the first send is attempt 1; "Resend failed rows" is a new attempt on the
 * same import, run by a new job. `import_row` keeps each row's latest outcome (and the attempt that gave
 * it); `import_row_attempt` keeps the earlier outcomes of a row that was sent again, with the cells it had.
 * Rows skipped by "Compare with live data" (they change nothing) have the status `skipped`.
 */
export const importAttemptsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table import_row add column attempt integer not null default 1`.execute(db);
    await sql`
      create table import_attempt (
        import_id bigint not null references import(id) on delete cascade,
        no integer not null,
        job_id text,
        rows integer not null,
        created_by text not null,
        created_by_email text not null,
        created_at timestamptz not null default now(),
        primary key (import_id, no)
      )
    `.execute(db);
    await sql`
      insert into import_attempt (import_id, no, job_id, rows, created_by, created_by_email, created_at)
      select i.id, 1, i.job_id, i.total_rows, i.created_by, i.created_by_email, i.created_at from import i
      where i.state <> 'uploading'
    `.execute(db);
    await sql`
      create table import_row_attempt (
        import_id bigint not null,
        row_no integer not null,
        attempt integer not null,
        cells jsonb not null,
        status text not null,
        record_id bigint,
        errors jsonb not null default '[]',
        primary key (import_id, row_no, attempt),
        foreign key (import_id, row_no) references import_row(import_id, row_no) on delete cascade
      )
    `.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists import_row_attempt`.execute(db);
    await sql`drop table if exists import_attempt`.execute(db);
    await sql`alter table import_row drop column if exists attempt`.execute(db);
  },
};

export default importAttemptsMigration;
