import { sql, type Kysely, type Migration } from 'kysely';

/**
 * "Put in a request" is recorded per chunk, not per row: one row written before a chunk's request leaves
 * instead of 200 rows rewritten (and their indexes). A row without an outcome in a chunk sent at least once
 * may have been written upstream: it shows as "sending", and ends "unknown" if the job stops there.
 * `sends` counts the requests that carried the chunk (the kill test compares it with what the service saw).
 */
export const importChunkMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table import_chunk (
        import_id bigint not null references import(id) on delete cascade,
        chunk integer not null,
        sends integer not null default 0,
        primary key (import_id, chunk)
      )
    `.execute(db);
    // Rows marked one by one before this migration keep their mark: the chunk of a row 'sending' was sent.
    await sql`
      insert into import_chunk (import_id, chunk, sends)
      select import_id, chunk, max(sent_count) from import_row where chunk is not null and sent_count > 0
      group by import_id, chunk
    `.execute(db);
    await sql`update import_row set status = 'pending' where status = 'sending'`.execute(db);
    await sql`alter table import_row drop column sent_count`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table import_row add column sent_count integer not null default 0`.execute(db);
    await sql`drop table if exists import_chunk`.execute(db);
  },
};

export default importChunkMigration;
