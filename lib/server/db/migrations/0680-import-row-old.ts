import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The old values of an import's rows as the server knew them before the chunk was first sent (issue 61 point 3):
 * the console's copy of the record or the server's own read, with which and when. History records these as the
 * old values; what the browser reviewed stays in import_row_before, only compared with them.
 */
export const importRowOldMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table import_row_old (
        import_id bigint not null,
        row_no integer not null,
        attempt integer not null,
        old jsonb not null,
        read_by text not null check (read_by in ('copy', 'read')),
        read_at timestamptz not null,
        primary key (import_id, row_no, attempt)
      )
    `.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists import_row_old`.execute(db);
  },
};

export default importRowOldMigration;
