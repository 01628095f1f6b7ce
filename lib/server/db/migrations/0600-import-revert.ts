import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Reverting an import (issue 56): a revert is an import of its own (origin `revert`) that names the import it
 * undoes; its writes are History entries of source `revert` ("Restored from import …"). `import_row_prior`
 * keeps, per applied row, the record's fields as the mirror held them just before the import's write was
 * recorded (the import job stores it before the write-through copies the new values), so an import sent
 * without "Compare with live data" still has values to go back to. History is not given them: they were the
 * console's copy, not a read of the record, and History says "previous value not read".
 */
export const importRevertMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table import drop constraint if exists import_origin_check`.execute(db);
    await sql`alter table import add constraint import_origin_check
      check (origin in ('file', 'bulk', 'sync', 'revert'))`.execute(db);
    await sql`alter table import add column reverts_import_id bigint`.execute(db);
    await sql`alter table audit_change drop constraint if exists audit_change_source_check`.execute(db);
    await sql`alter table audit_change add constraint audit_change_source_check
      check (source in ('form', 'panel', 'bulk', 'import', 'resend', 'outside', 'attention', 'sync', 'revert'))`.execute(
      db,
    );
    await sql`
      create table import_row_prior (
        import_id bigint not null,
        row_no integer not null,
        attempt integer not null,
        -- { field: value } of the fields the row sent, as the mirror held them before the write.
        prior jsonb not null,
        primary key (import_id, row_no, attempt)
      )
    `.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop table if exists import_row_prior`.execute(db);
    await sql`alter table audit_change drop constraint if exists audit_change_source_check`.execute(db);
    await sql`delete from audit_change where source = 'revert'`.execute(db);
    await sql`alter table audit_change add constraint audit_change_source_check
      check (source in ('form', 'panel', 'bulk', 'import', 'resend', 'outside', 'attention', 'sync'))`.execute(db);
    await sql`alter table import drop column if exists reverts_import_id`.execute(db);
    await sql`alter table import drop constraint if exists import_origin_check`.execute(db);
    await sql`alter table import add constraint import_origin_check check (origin in ('file', 'bulk', 'sync'))`.execute(
      db,
    );
  },
};

export default importRevertMigration;
