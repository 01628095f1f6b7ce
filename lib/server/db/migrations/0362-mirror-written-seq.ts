import { sql, type Kysely, type Migration } from 'kysely';
import { MIRROR_RECORD_TABLES } from './0320-mirror';

/**
 * Which write of the mirror a row's copy came from: `written_seq` takes the next value of one sequence each time
 * a row is written. A reader (a pass's page, a write-through's read-back) takes a value of the same sequence
 * before it asks /v1; a row written with a later value was written after that read was sent, so the read may
 * hold an older version and leaves that row alone (store.ts). A sequence, not a time: it needs no clock shared
 * between the console's instances and the database, and never goes back.
 */
const TABLES = [...MIRROR_RECORD_TABLES, 'mirror_quota'];

export const mirrorWrittenSeqMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create sequence mirror_write_seq`.execute(db);
    for (const table of TABLES)
      await sql`alter table ${sql.id(table)} add column written_seq bigint not null default 0`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const table of TABLES) await sql`alter table ${sql.id(table)} drop column written_seq`.execute(db);
    await sql`drop sequence mirror_write_seq`.execute(db);
  },
};

export default mirrorWrittenSeqMigration;
