import { sql, type Kysely, type Migration } from 'kysely';

/**
 * A chunk's request body, stored once when its rows are uploaded: the job sends these bytes as they are
 * (signed over them), instead of reading 200 rows of jsonb back, parsing and serialising them again per chunk.
 * Null when the chunk's rows did not all arrive in one upload part (or for a resend): the job then builds
 * the body from the rows. Stored uncompressed (external): it is read once per send, and compressing costs more.
 */
export const importChunkBodyMigration: Migration = {
  async up(db: Kysely<unknown>) {
    // body_rows: how many items the body holds, checked against the chunk's rows before it is used.
    await sql`alter table import_chunk add column body text, add column body_rows integer`.execute(db);
    await sql`alter table import_chunk alter column body set storage external`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table import_chunk drop column if exists body, drop column if exists body_rows`.execute(db);
  },
};

export default importChunkBodyMigration;
