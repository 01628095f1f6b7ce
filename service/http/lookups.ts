import { idFromText } from '@/lib/contract';
import type { Queryable } from '../store/db';

/** Tenant-scoped lookups; a foreign id reads exactly like a missing one (null). */

export interface CompanyRow {
  id: number;
  outer_sys_code: string;
  name: string;
  short_name: string;
  cell_phone: string;
  shipping_address: string;
  internal_user_id: number;
  status: string;
}

export async function findCompany(q: Queryable, tenantId: number, id: number): Promise<CompanyRow | null> {
  const [row] = await q.query<CompanyRow>('select * from companies where tenant_id = $1 and id = $2', [tenantId, id]);
  return row ?? null;
}

export interface ProductRow {
  id: number;
  outer_sys_code: string;
  name: string;
  product_category_id: number;
  status: string;
  is_bundle: boolean;
}

/** Any product row, bundles included; callers decide what a bundle means for them. */
export async function findProduct(q: Queryable, tenantId: number, id: number): Promise<ProductRow | null> {
  const [row] = await q.query<ProductRow>(
    'select id, outer_sys_code, name, product_category_id, status, is_bundle from products where tenant_id = $1 and id = $2',
    [tenantId, id],
  );
  return row ?? null;
}

export interface SkuRow {
  id: number;
  product_id: number;
  outer_sys_code: string;
  name: string;
  barcode: string;
  warehouse: string;
  unit: string;
  spec: string;
  price: number;
  sell_price: number;
  quantity_precision: number;
  status: string;
  is_bundle: boolean;
  inventory_qty: number;
  reserved_qty: number;
  allow_negative_stock: boolean;
}

/** Any SKU row, bundle SKUs included; callers decide what a bundle SKU means for them. */
export async function findSku(q: Queryable, tenantId: number, id: number): Promise<SkuRow | null> {
  const [row] = await q.query<SkuRow>('select * from skus where tenant_id = $1 and id = $2', [tenantId, id]);
  return row ?? null;
}

/** Whether a category id is assignable for this tenant: it exists here and is not a root. */
export async function isAssignableCategory(q: Queryable, tenantId: number, id: number): Promise<boolean> {
  const rows = await q.query(
    'select 1 from product_categories where tenant_id = $1 and id = $2 and parent_id is not null',
    [tenantId, id],
  );
  return rows.length > 0;
}

/** A path id segment as a number, or null when it cannot be one of our ids (0, -5, 2^63: a missing record). */
export function pathId(raw: string | undefined): number | null {
  return raw === undefined ? null : (idFromText(raw) ?? null);
}

/** The `:id` of a route: any integer text, as the auth middleware matched it; pathId reads it. */
export const ID_PARAM = ':id{[+-]?[0-9]+}';

/** 64-bit FNV-1a of a string as a signed bigint literal, for advisory lock keys. */
export function lockKey(text: string): string {
  let h = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    h ^= BigInt(byte);
    h = (h * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return BigInt.asIntN(64, h).toString();
}

/**
 * Serialises upserts of one outerSysCode within a tenant until the transaction ends, so two concurrent
 * requests carrying the same new code cannot both create it. PGlite has one connection: nothing to do.
 */
export async function lockCode(q: Queryable, scope: string, tenantId: number, code: string): Promise<void> {
  if (q.engine !== 'postgres') return;
  await q.exec(`select pg_advisory_xact_lock(${codeLockKey(scope, tenantId, code)})`);
}

export function codeLockKey(scope: string, tenantId: number, code: string): string {
  return lockKey(`${scope}\u0000${tenantId}\u0000${code}`);
}

/**
 * lockCode for many codes at once, in key order, so two batches locking overlapping codes cannot deadlock.
 */
export async function lockCodes(q: Queryable, scope: string, tenantId: number, codes: Iterable<string>): Promise<void> {
  if (q.engine !== 'postgres') return;
  const keys = [...new Set([...codes].map((code) => BigInt(codeLockKey(scope, tenantId, code))))].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  if (keys.length === 0) return;
  await q.query('select count(pg_advisory_xact_lock(k)) from (select unnest($1::int8[]) as k order by 1) as keys', [
    keys.map(String),
  ]);
}
