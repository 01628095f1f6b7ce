import { sql, type Kysely, type Migration } from 'kysely';

/**
 * What an import's History needs (issue 25): where its rows came from (`origin`: a file, a bulk edit, a pasted
 * failed sync), so its writes are filed as an import, a bulk edit or a resend; and the old values the console
 * read before sending ("Compare with live data", bulk edit's review), per row and attempt. Only rows that were
 * read have a line here: an import without comparison writes nothing to this table.
 */
export const importOriginBeforeMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table import add column origin text not null default 'file' check (origin in ('file', 'bulk', 'sync'))`.execute(
      db,
    );
    await sql`
      create table import_row_before (
        import_id bigint not null,
        row_no integer not null,
        attempt integer not null,
        -- { field: old value } as read; {} when no record matched (the row creates one).
        before jsonb not null,
        primary key (import_id, row_no, attempt)
      )
    `.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists import_row_before`.execute(db);
    await sql`alter table import drop column if exists origin`.execute(db);
  },
};

export default importOriginBeforeMigration;
