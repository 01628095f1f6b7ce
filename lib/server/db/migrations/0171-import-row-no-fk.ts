import { sql, type Kysely, type Migration } from 'kysely';

/**
 * import_row loses its foreign key to import: the key checked every stored row against its import (a lookup
 * and a row lock per row, about a fifth of the cost of storing 100,000 rows on PGlite). appendRows, the only
 * writer of new rows, checks and locks the import once per statement instead (`for key share`, as the key
 * did), and deleting an import still deletes its rows, here by a trigger.
 */
export const importRowNoForeignKeyMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table import_row drop constraint if exists import_row_import_id_fkey`.execute(db);
    await sql`
      create function import_delete_rows() returns trigger language plpgsql as $$
      begin
        delete from import_row where import_id in (select id from old_rows);
        return null;
      end
      $$
    `.execute(db);
    await sql`
      create trigger import_delete_rows after delete on import
      referencing old table as old_rows for each statement execute function import_delete_rows()
    `.execute(db);
    // Rows whose import is gone cannot exist with the key in place; none to clean up.
  },
  async down(db: Kysely<unknown>) {
    await sql`drop trigger if exists import_delete_rows on import`.execute(db);
    await sql`drop function if exists import_delete_rows()`.execute(db);
    await sql`delete from import_row r where not exists (select 1 from import i where i.id = r.import_id)`.execute(db);
    await sql`alter table import_row add constraint import_row_import_id_fkey foreign key (import_id) references import(id) on delete cascade`.execute(
      db,
    );
  },
};

export default importRowNoForeignKeyMigration;
