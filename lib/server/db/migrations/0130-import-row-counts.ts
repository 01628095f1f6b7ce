import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Rows per status of each import, kept by the database as rows change, so the progress the results page
 * polls every second reads one row instead of counting 100,000 (bench/import).
 *
 * - `import_count` holds one row per import, `{ status: n }`, kept by two statement-level triggers on
 *   import_row (insert, update) over their transition tables: every writer of a row's status (upload,
 *   outcomes, settle, resend and its revert) is counted, with no second copy of the rule in the code.
 *   One row per import, not one per status: a flush locks one row per import it touches, so two instances
 *   recording outcomes of one import wait on each other instead of locking status rows in different orders.
 *   Rows are only deleted with their import (cascade), which deletes its count too, so no delete trigger.
 * - The status index goes: every outcome write changed it (a new index entry per row), and with it gone and
 *   room left on each page (fillfactor), an outcome write is a heap-only update. Status filters of the rows
 *   list read the import's rows in row order instead; the counts say beforehand whether any match.
 */
export const importRowCountsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create table import_count (
        import_id bigint primary key references import(id) on delete cascade,
        counts jsonb not null default '{}'
      )
    `.execute(db);
    await sql`
      create function import_count_add(a jsonb, b jsonb) returns jsonb language sql immutable as $$
        select coalesce(jsonb_object_agg(key, total), '{}'::jsonb) from (
          select key, sum(value::int) as total from (
            select * from jsonb_each_text(a) union all select * from jsonb_each_text(b)
          ) e group by key having sum(value::int) <> 0
        ) s
      $$
    `.execute(db);
    await sql`
      create function import_count_rows() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          insert into import_count as c (import_id, counts)
          select import_id, jsonb_object_agg(status, n) from (
            select import_id, status, count(*)::int as n from new_rows group by import_id, status
          ) d group by import_id
          order by import_id
          on conflict (import_id) do update set counts = import_count_add(c.counts, excluded.counts);
        else
          insert into import_count as c (import_id, counts)
          select import_id, jsonb_object_agg(status, n) from (
            select import_id, status, sum(n)::int as n from (
              select import_id, status, 1 as n from new_rows
              union all select import_id, status, -1 as n from old_rows
            ) e group by import_id, status having sum(n) <> 0
          ) d group by import_id
          order by import_id
          on conflict (import_id) do update set counts = import_count_add(c.counts, excluded.counts);
        end if;
        return null;
      end
      $$
    `.execute(db);
    await sql`
      create trigger import_row_count_insert after insert on import_row
      referencing new table as new_rows for each statement execute function import_count_rows()
    `.execute(db);
    await sql`
      create trigger import_row_count_update after update on import_row
      referencing old table as old_rows new table as new_rows for each statement execute function import_count_rows()
    `.execute(db);
    await sql`
      insert into import_count (import_id, counts)
      select i.id, coalesce((select jsonb_object_agg(status, n) from (
        select status, count(*)::int as n from import_row r where r.import_id = i.id group by status) s), '{}'::jsonb)
      from import i
    `.execute(db);
    await sql`drop index if exists import_row_status_idx`.execute(db);
    await sql`alter table import_row set (fillfactor = 50)`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table import_row reset (fillfactor)`.execute(db);
    await sql`create index if not exists import_row_status_idx on import_row (import_id, status, row_no)`.execute(db);
    await sql`drop trigger if exists import_row_count_update on import_row`.execute(db);
    await sql`drop trigger if exists import_row_count_insert on import_row`.execute(db);
    await sql`drop function if exists import_count_rows()`.execute(db);
    await sql`drop function if exists import_count_add(jsonb, jsonb)`.execute(db);
    await sql`drop table if exists import_count`.execute(db);
  },
};

export default importRowCountsMigration;
