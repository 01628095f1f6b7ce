import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The name of the record a row points at, kept on the row, so a list sorted by it reads in index order (issue
 * 65): the SKU list sorted by its products' names, the company list by its salespeople's names. Joined at read
 * time, that order was held by no index and every match was sorted (p95 211 ms at 200,000 SKUs).
 *
 * `named_name` is the name the list shows for the named record (a product without a name by its code) and
 * `named_id` its id; both null when the named record is not in the copy or flagged as gone, as the join left
 * them. The (named_name, named_id, id) index holds the lists' order: by name, the named record's rows together,
 * then the row's own id; nulls last ascending and first descending, as before.
 *
 * Kept by triggers, so every path that writes the copy (passes, write-throughs, flags, a cleared copy) keeps
 * them: a row's trigger looks its named record up when the row is new or points elsewhere; the named table's
 * statement triggers rewrite the referencing rows of records whose shown name, or presence, changed.
 *
 * On Postgres two transactions may cross (a product renamed or copied in while a SKU pointing at it is written):
 * each would miss the other's uncommitted row. An advisory lock per pair makes them take turns: the row
 * trigger holds it shared (writes of rows do not wait for each other), the named table's trigger exclusively and
 * only when a name changed, before it reads the rows to rewrite. Whichever comes second sees the other's commit.
 * PGlite has one connection: nothing crosses there.
 */
interface NamedPair {
  table: string;
  /** The record's field holding the named record's id, and its generated column (migration 0320). */
  field: string;
  column: string;
  named: string;
  /** The name the list shows for a row of the named table (by its alias). */
  name: (alias: string) => string;
  lock: number;
}

/** Frozen: the lists' order at the time of this migration (lib/server/mirror/reads/list-columns.ts). */
const PAIRS: NamedPair[] = [
  {
    table: 'mirror_sku',
    field: 'productId',
    column: 'product_id',
    named: 'mirror_product',
    name: (n) => `coalesce(${n}.name, ${n}.code)`,
    lock: 7_316_101,
  },
  {
    table: 'mirror_company',
    field: 'internalUserId',
    column: 'internal_user_id',
    named: 'mirror_internal_user',
    name: (n) => `${n}.name`,
    lock: 7_316_102,
  },
];

const COLLATION = 'zh-Hant-TW-x-icu';

const rowFunction = (p: NamedPair) => `${p.table}_named`;
const namedFunction = (p: NamedPair) => `${p.table}_named_change`;

/** A named record's shown name and id as the row `n` holds them, both null when it is flagged as gone. */
const shown = (p: NamedPair, n: string) => [
  `case when ${n}.vanished_at is null then ${p.name(n)} end`,
  `case when ${n}.vanished_at is null then ${n}.id end`,
];

/** The named records a statement changed as the lists see them, (id, name, named_id), by the trigger's operation. */
function changedBy(p: NamedPair): Record<'INSERT' | 'UPDATE' | 'DELETE', string> {
  const [name, id] = shown(p, 'n');
  return {
    INSERT: `select n.id, ${name} as name, ${id} as named_id from new_rows n where n.vanished_at is null`,
    DELETE: `select o.id, null::text as name, null::bigint as named_id from old_rows o where o.vanished_at is null`,
    UPDATE: `select n.id, ${name} as name, ${id} as named_id from new_rows n join old_rows o on o.id = n.id
      where (${shown(p, 'o').join(', ')}) is distinct from (${shown(p, 'n').join(', ')})`,
  };
}

function namedChangeFunction(p: NamedPair): string {
  const branches = Object.entries(changedBy(p))
    .map(
      ([op, changed]) => `${op === 'INSERT' ? 'if' : 'elsif'} tg_op = '${op}' then
        perform 1 from (${changed}) c limit 1;
        if not found then return null; end if;
        perform pg_advisory_xact_lock(${p.lock});
        update ${p.table} r set named_name = c.name, named_id = c.named_id from (${changed}) c
          where r.${p.column} = c.id and (r.named_name, r.named_id) is distinct from (c.name, c.named_id);`,
    )
    .join('\n');
  return `create function ${namedFunction(p)}() returns trigger language plpgsql as $$
    begin
      ${branches}
      end if;
      return null;
    end
    $$`;
}

function rowTriggerFunction(p: NamedPair): string {
  return `create function ${rowFunction(p)}() returns trigger language plpgsql as $$
    declare
      ref bigint := (new.record->>'${p.field}')::bigint;
    begin
      -- (A BEFORE trigger cannot read generated columns: the id is read from the record as 0320 generates it.)
      if tg_op = 'UPDATE' and ref is not distinct from (old.record->>'${p.field}')::bigint then
        return new;
      end if;
      perform pg_advisory_xact_lock_shared(${p.lock});
      -- No row: both null.
      select ${p.name('n')}, n.id into new.named_name, new.named_id from ${p.named} n
        where n.id = ref and n.vanished_at is null;
      return new;
    end
    $$`;
}

export const mirrorNamedSortMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_collation where collname = ${COLLATION}`.execute(db);
    const stroke = (rows[0]?.n ?? 0) > 0;
    for (const p of PAIRS) {
      const table = sql.id(p.table);
      await sql`alter table ${table} add column named_name text, add column named_id bigint`.execute(db);
      // A database that already holds a copy: its rows get their names now, before the indexes are built.
      await sql`update ${table} r set named_name = ${sql.raw(p.name('n'))}, named_id = n.id from ${sql.id(p.named)} n
        where n.id = r.${sql.id(p.column)} and n.vanished_at is null`.execute(db);
      await sql`create index ${sql.id(`${p.table}_named_idx`)} on ${table} (named_name, named_id, id)`.execute(db);
      // As 0360 does for the lists' word columns: in zh-TW the names sort in stroke order where the server can.
      if (stroke)
        await sql`create index ${sql.id(`${p.table}_named_stroke_idx`)} on ${table} (named_name collate ${sql.id(COLLATION)}, named_id, id)`.execute(
          db,
        );
      await sql.raw(rowTriggerFunction(p)).execute(db);
      await sql`create trigger ${sql.id(`${p.table}_named_row`)} before insert or update of record on ${table}
        for each row execute function ${sql.id(rowFunction(p))}()`.execute(db);
      await sql.raw(namedChangeFunction(p)).execute(db);
      const named = sql.id(p.named);
      const fn = sql.id(namedFunction(p));
      await sql`create trigger ${sql.id(`${p.table}_named_insert`)} after insert on ${named}
        referencing new table as new_rows for each statement execute function ${fn}()`.execute(db);
      await sql`create trigger ${sql.id(`${p.table}_named_update`)} after update on ${named}
        referencing old table as old_rows new table as new_rows for each statement execute function ${fn}()`.execute(
        db,
      );
      await sql`create trigger ${sql.id(`${p.table}_named_delete`)} after delete on ${named}
        referencing old table as old_rows for each statement execute function ${fn}()`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    for (const p of PAIRS) {
      for (const op of ['insert', 'update', 'delete'])
        await sql`drop trigger if exists ${sql.id(`${p.table}_named_${op}`)} on ${sql.id(p.named)}`.execute(db);
      await sql`drop trigger if exists ${sql.id(`${p.table}_named_row`)} on ${sql.id(p.table)}`.execute(db);
      await sql`drop function if exists ${sql.id(namedFunction(p))}()`.execute(db);
      await sql`drop function if exists ${sql.id(rowFunction(p))}()`.execute(db);
      await sql`alter table ${sql.id(p.table)} drop column if exists named_name, drop column if exists named_id`.execute(
        db,
      );
    }
  },
};

export default mirrorNamedSortMigration;
