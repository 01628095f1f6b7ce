import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The row numbers a chunk's stored body holds, in its order. A row stored together with its chunk's body
 * keeps no item of its own (the body has it: half the bytes written per row at upload); the row's item is
 * the body's item at the row's place here, should it ever be needed without the body (a chunk no longer
 * whole, chunks renumbered). Null for bodies stored before: their rows kept their items.
 */
export const importChunkBodyRowsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`alter table import_chunk add column body_row_nos integer[]`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table import_chunk drop column if exists body_row_nos`.execute(db);
  },
};

export default importChunkBodyRowsMigration;
