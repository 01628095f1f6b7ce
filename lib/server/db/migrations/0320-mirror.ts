import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The mirror (issue 32): the console's copy of the master data, one table per entity, keyed by the service's
 * id. `record` is the record as the service returned it; `hash` tells a changed record from a repeat without
 * comparing fields; the typed columns lists sort and filter on are generated from `record`, so an upsert
 * writes only (id, record, hash) and the columns can never disagree with the record. `changed_at` is when the
 * mirror last saw the record change (the service's responses carry no modification time); `vanished_at` is set
 * by a full sweep that no longer finds the record (flagged, never deleted).
 *
 * A change a pass finds is recorded in audit_log / audit_change (source 'outside') with the window it happened
 * in (`window_from`, `window_to`: between the previous pass and this one).
 *
 * `mirror_state` holds one row per entity: which upstream (tenant) the copy belongs to, the watermark (the
 * service's clock to ask `updatedSince` from), when the last complete pass and sweep began, and the pass in
 * progress (its page, frozen time and totals) so a restart continues where it stopped; `lease_owner` and
 * `lease_until` on the row named '*' let one runner across instances do the passes.
 *
 * Search (one `search` text per record) uses pg_trgm where the server has it (PGlite ships it; a Postgres without postgresql-contrib
 * still migrates, with plain scans), as the service's own migration does.
 */
/**
 * The record tables made here, which later migrations index (0340, 0350) and stamp (0362). Frozen: those
 * migrations have run, and must do the same on a new database.
 */
export const MIRROR_RECORD_TABLES = [
  'mirror_company',
  'mirror_product',
  'mirror_product_category',
  'mirror_sku',
  'mirror_bundle',
  'mirror_internal_user',
] as const;

const common = sql`
  id bigint primary key,
  record jsonb not null,
  hash text not null,
  changed_at timestamptz not null default now(),
  vanished_at timestamptz
`;

const text = (field: string) => sql.raw(`text generated always as (record->>'${field}') stored`);
const num = (field: string) => sql.raw(`numeric generated always as ((record->>'${field}')::numeric) stored`);
const big = (field: string) => sql.raw(`bigint generated always as ((record->>'${field}')::bigint) stored`);

/** (table, column) pairs sorted on: each gets a (column, id) index, id keeping equal values in a stable order. */
const SORTED: Record<string, string[]> = {
  mirror_company: ['code', 'name', 'internal_user_id', 'status', 'changed_at'],
  mirror_product: ['code', 'name', 'product_category_id', 'status', 'changed_at'],
  mirror_product_category: ['name', 'parent_id'],
  mirror_sku: [
    'code',
    'name',
    'barcode',
    'product_id',
    'status',
    'sell_price',
    'price',
    'inventory_qty',
    'warehouse',
    'changed_at',
  ],
  mirror_bundle: ['code', 'name', 'status', 'sell_price', 'available_qty', 'product_category_id', 'changed_at'],
  mirror_internal_user: ['account', 'name', 'email', 'role_id', 'status', 'changed_at'],
  mirror_quota: ['credit_amount', 'available_amount', 'point_balance'],
};

/**
 * What a list's search reaches, as one lower-cased text per record with one trigram index (five GIN indexes
 * on a SKU would make every upsert several times dearer). `||` rather than concat_ws: a generated column needs
 * an immutable expression.
 */
const SEARCHED: Record<string, string[]> = {
  mirror_company: ['outerSysCode', 'name', 'shortName'],
  mirror_product: ['outerSysCode', 'name'],
  mirror_product_category: ['name'],
  mirror_sku: ['outerSysCode', 'name', 'barcode', 'warehouse', 'spec'],
  mirror_bundle: ['outerSysCode', 'name', 'barcode'],
  mirror_internal_user: ['account', 'name', 'email', 'outerSysCode'],
};

const searchText = (fields: string[]) =>
  sql.raw(
    `text generated always as (lower(${fields.map((f) => `coalesce(record->>'${f}', '')`).join(` || ' ' || `)})) stored`,
  );

export const mirrorMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table mirror_company (${common},
      code ${text('outerSysCode')}, name ${text('name')}, internal_user_id ${big('internalUserId')}, status ${text('status')})`.execute(
      db,
    );
    await sql`create table mirror_product (${common},
      code ${text('outerSysCode')}, name ${text('name')}, product_category_id ${big('productCategoryId')}, status ${text('status')})`.execute(
      db,
    );
    await sql`create table mirror_product_category (${common}, name ${text('name')}, parent_id ${big('parentId')})`.execute(
      db,
    );
    await sql`create table mirror_sku (${common},
      code ${text('outerSysCode')}, name ${text('name')}, barcode ${text('barcode')}, product_id ${big('productId')},
      status ${text('status')}, warehouse ${text('warehouse')}, spec ${text('spec')}, price ${num('price')},
      sell_price ${num('sellPrice')}, inventory_qty ${num('inventoryQty')})`.execute(db);
    await sql`create table mirror_bundle (${common},
      code ${text('outerSysCode')}, name ${text('name')}, barcode ${text('barcode')}, status ${text('status')},
      sku_id ${big('skuId')}, product_category_id ${big('productCategoryId')}, price ${num('price')},
      sell_price ${num('sellPrice')}, available_qty ${num('availableQty')})`.execute(db);
    await sql`create table mirror_internal_user (${common},
      account ${text('account')}, name ${text('name')}, email ${text('email')}, role_id ${big('roleId')},
      status ${text('status')}, code ${text('outerSysCode')})`.execute(db);
    // Keyed by company id: `record` is { credit, point } as the two quota reads return them.
    await sql`create table mirror_quota (${common},
      credit_amount numeric generated always as ((record->'credit'->>'creditAmount')::numeric) stored,
      available_amount numeric generated always as ((record->'credit'->>'availableAmount')::numeric) stored,
      point_balance numeric generated always as ((record->'point'->>'balance')::numeric) stored)`.execute(db);
    for (const [table, fields] of Object.entries(SEARCHED)) {
      await sql`alter table ${sql.id(table)} add column search ${searchText(fields)}`.execute(db);
    }
    for (const [table, columns] of Object.entries(SORTED)) {
      for (const column of columns) {
        await sql`create index ${sql.id(`${table}_${column}_idx`)} on ${sql.id(table)} (${sql.id(column)}, id)`.execute(
          db,
        );
      }
      await sql`create index ${sql.id(`${table}_vanished_idx`)} on ${sql.id(table)} (vanished_at) where vanished_at is not null`.execute(
        db,
      );
    }
    await sql`
      create table mirror_state (
        entity text primary key,
        tenant text,
        watermark timestamptz,
        last_pass_at timestamptz,
        last_pass_finished_at timestamptz,
        last_sweep_at timestamptz,
        pass jsonb,
        last_error text,
        lease_owner text,
        lease_until timestamptz
      )
    `.execute(db);
    // A change found by a pass is recorded with the window it happened in: after the previous pass, before this one.
    await sql`alter table audit_log add column window_from timestamptz, add column window_to timestamptz`.execute(db);
    await sql`
      do $$
      begin
        begin
          create extension if not exists pg_trgm;
        exception when others then
          raise notice 'pg_trgm is not available; mirror searches will scan';
        end;
      end
      $$
    `.execute(db);
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`.execute(db);
    if (!rows[0]?.n) return;
    for (const table of Object.keys(SEARCHED)) {
      await sql`create index ${sql.id(`${table}_search_trgm`)} on ${sql.id(table)} using gin (search gin_trgm_ops)`.execute(
        db,
      );
    }
  },
  async down(db: Kysely<unknown>) {
    await sql`alter table audit_log drop column window_from, drop column window_to`.execute(db);
    for (const table of [...Object.keys(SORTED), 'mirror_state'])
      await sql`drop table if exists ${sql.id(table)}`.execute(db);
  },
};

export default mirrorMigration;
