import 'server-only';
import { sql, type RawBuilder } from 'kysely';
import type { FilterKind, ListName } from '@/lib/contract/lists';
import type { SortKind } from '@/lib/contract/console/list-read';

/** Where each list's fields live in the mirror's tables: generated columns, names of related records, search text. */

/**
 * The columns migration 0320 generates from the record, by field: a sort or filter on them uses their
 * (column, id) index. Fields without one are read from the record (a sort on them orders what matches).
 */
const COLUMNS: Record<ListName, Record<string, string>> = {
  companies: { outerSysCode: 'code', name: 'name', internalUserId: 'internal_user_id', status: 'status' },
  products: { outerSysCode: 'code', name: 'name', productCategoryId: 'product_category_id', status: 'status' },
  productCategories: { name: 'name', parentId: 'parent_id' },
  skus: {
    outerSysCode: 'code',
    name: 'name',
    barcode: 'barcode',
    productId: 'product_id',
    status: 'status',
    warehouse: 'warehouse',
    spec: 'spec',
    price: 'price',
    sellPrice: 'sell_price',
    inventoryQty: 'inventory_qty',
  },
  bundles: {
    outerSysCode: 'code',
    name: 'name',
    barcode: 'barcode',
    status: 'status',
    productCategoryId: 'product_category_id',
    price: 'price',
    sellPrice: 'sell_price',
    availableQty: 'available_qty',
  },
  internalUsers: {
    account: 'account',
    name: 'name',
    email: 'email',
    roleId: 'role_id',
    status: 'status',
    outerSysCode: 'code',
  },
};

/**
 * A category's path from its root, as the product list shows it ("Beverages › Tea"): an array of names, so it
 * sorts level by level. A parent missing from the copy ends the path there; a loop ends at the first repeat.
 */
const CATEGORY_PATHS = sql`(
  with recursive up(id, at, names, seen) as (
    select c.id, c.parent_id, array[coalesce(c.name, '#' || c.id)], array[c.id]
    from mirror_product_category c where c.vanished_at is null
    union all
    select up.id, p.parent_id, coalesce(p.name, '#' || p.id) || up.names, up.seen || p.id
    from up join mirror_product_category p on p.id = up.at and p.vanished_at is null
    where p.id <> all(up.seen)
  )
  select distinct on (id) id, names as name from up order by id, cardinality(names) desc
)`;

/**
 * How a name-of sort (SortKind 'name-of') orders a list: by the name the list shows for the record an id column
 * points at, then that record's id (its rows together when two share a name), then the row's own id. A record
 * not in the copy sorts as one without a name, last ascending and first descending.
 */
export interface NamedOrder {
  /** The named records as `n` (id, name), joined to the row: no index holds that order, every match is sorted. */
  join?: RawBuilder<unknown>;
  name: RawBuilder<unknown>;
  id: RawBuilder<unknown>;
}

/**
 * The named record's name and id kept on the row by migration 0690's triggers (the SKU list shows a product
 * without a name by its code), in the order the row's (named_name, named_id, id) indexes hold.
 */
const KEPT: NamedOrder = { name: sql.ref('m.named_name'), id: sql.ref('m.named_id') };

export const NAMED_BY: Partial<Record<ListName, Record<string, NamedOrder>>> = {
  companies: { internalUserId: KEPT },
  products: { productCategoryId: { join: CATEGORY_PATHS, name: sql.ref('n.name'), id: sql.ref('n.id') } },
  skus: { productId: KEPT },
};

/** The fields each list's search text holds (migration 0320's SEARCHED). */
export const SEARCHED_FIELDS: Record<ListName, readonly string[]> = {
  companies: ['outerSysCode', 'name', 'shortName'],
  products: ['outerSysCode', 'name'],
  productCategories: ['name'],
  skus: ['outerSysCode', 'name', 'barcode', 'warehouse', 'spec'],
  bundles: ['outerSysCode', 'name', 'barcode'],
  internalUsers: ['account', 'name', 'email', 'outerSysCode'],
};

/**
 * Text sorts that hold identifiers or codes (codes, barcodes, phone numbers, accounts, statuses): they sort as
 * written in every language. Every other text sort holds words, which zh-TW orders by stroke.
 */
export const IDENTIFIERS = new Set(['outerSysCode', 'status', 'barcode', 'cellPhone', 'account', 'email']);

/** Lists whose records carry a status (counted beside the status filter). */
export const WITH_STATUS = new Set<ListName>(['companies', 'products', 'skus', 'bundles', 'internalUsers']);

/** A field as SQL: its generated column, else read from the record as its kind. */
export function field(list: ListName, name: string, kind: SortKind | FilterKind): RawBuilder<unknown> {
  const column = COLUMNS[list][name];
  if (column) return sql.ref(`m.${column}`);
  if (name === 'componentCount') return sql`jsonb_array_length(m.record->'components')`;
  return kind === 'number' || kind === 'id' ? sql`(m.record->>${name})::numeric` : sql`m.record->>${name}`;
}
