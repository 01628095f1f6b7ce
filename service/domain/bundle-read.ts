import type { Bundle } from '@/lib/contract';
import type { Queryable } from '../store/db';
import { AVAILABLE_QTY_SQL } from './available-qty';

/**
 * Reading bundles: the product row, its paired Bundle-type SKU, the recipe, and availableQty computed at
 * query time (rule 4: a snapshot) in SQL, exactly (numeric `div`), for a whole page in one statement.
 */

/** FROM clause shared by the list's count, its page of ids and the single read: `p` product, `s` paired SKU. */
export const BUNDLE_FROM =
  'products p join skus s on s.product_id = p.id and s.is_bundle and s.tenant_id = p.tenant_id';
export const BUNDLE_WHERE = ['p.tenant_id = $1', 'p.is_bundle'];

export interface BundleRow {
  id: number;
  sku_id: number;
  outer_sys_code: string;
  name: string;
  status: string;
  product_category_id: number;
  unit: string;
  spec: string;
  barcode: string;
  warehouse: string;
  price: number;
  sell_price: number;
  quantity_precision: number;
  available_qty: number;
  components: {
    componentSkuId: number;
    componentSkuOuterSysCode: string;
    componentSkuName: string;
    quantity: number | string;
    sort: number;
  }[];
}

const SELECT = `
  select p.id, s.id as sku_id, p.outer_sys_code, p.name, p.status, p.product_category_id,
         s.unit, s.spec, s.barcode, s.warehouse, s.price, s.sell_price, s.quantity_precision,
         r.available_qty, r.components
  from ${BUNDLE_FROM}
  cross join lateral (
    select ${AVAILABLE_QTY_SQL} as available_qty,
           coalesce(json_agg(json_build_object(
             'componentSkuId', cs.id,
             'componentSkuOuterSysCode', cs.outer_sys_code,
             'componentSkuName', cs.name,
             'quantity', bc.quantity,
             'sort', bc.sort) order by bc.sort, bc.id), '[]'::json) as components
    from bundle_components bc
    -- One primary-key read per component (OFFSET 0 keeps the planner from merging this into a join that
    -- walks the skus index from its start for every bundle: twice as slow on a 100-bundle page).
    cross join lateral (
      select x.id, x.outer_sys_code, x.name, x.inventory_qty, x.reserved_qty from skus x where x.id = bc.component_sku_id offset 0
    ) cs
    where bc.bundle_product_id = p.id
  ) r`;

function toBundle(row: BundleRow): Bundle {
  return {
    id: row.id,
    skuId: row.sku_id,
    outerSysCode: row.outer_sys_code,
    name: row.name,
    status: row.status,
    productCategoryId: row.product_category_id,
    unit: row.unit,
    spec: row.spec,
    barcode: row.barcode,
    warehouse: row.warehouse,
    price: row.price,
    sellPrice: row.sell_price,
    quantityPrecision: row.quantity_precision,
    availableQty: row.available_qty,
    components: row.components.map((c) => ({
      componentSkuId: Number(c.componentSkuId),
      componentSkuOuterSysCode: c.componentSkuOuterSysCode,
      componentSkuName: c.componentSkuName,
      // numeric inside json arrives as a JSON number; Number() also covers a driver that keeps it textual.
      quantity: Number(c.quantity),
      sort: c.sort,
    })),
  };
}

/** Full bundles for the given product ids, in id order; ids that are not bundles of the tenant are skipped. */
export async function readBundles(q: Queryable, tenantId: number, ids: number[]): Promise<Bundle[]> {
  if (ids.length === 0) return [];
  const rows = await q.query<BundleRow>(
    `${SELECT} where ${BUNDLE_WHERE.join(' and ')} and p.id = any($2::bigint[]) order by p.id`,
    [tenantId, ids],
  );
  return rows.map(toBundle);
}

/**
 * One page of a filtered list and the total, in one round trip: the filtered ids are counted, one page of
 * them is taken in id order, and only that page's recipes and availableQty are computed (never the rows an
 * offset skips). `where` uses `$1` for the tenant and the later placeholders of `params`.
 */
export async function listBundles(
  q: Queryable,
  where: string,
  params: unknown[],
  paging: { pageSize: number; offset: number },
): Promise<{ totalCount: number; data: Bundle[] }> {
  const rows = await q.query<BundleRow & { total: number }>(
    `with f as (select p.id from ${BUNDLE_FROM} where ${where}),
          page as (select id from f order by id limit ${paging.pageSize} offset ${paging.offset})
     select t.total, b.*
     from (select count(*)::int8 as total from f) t
     left join lateral (${SELECT} where ${BUNDLE_WHERE.join(' and ')} and p.id in (select id from page)) b on true
     order by b.id`,
    params,
  );
  return { totalCount: rows[0]?.total ?? 0, data: rows.filter((r) => r.id != null).map(toBundle) };
}

export async function readBundle(q: Queryable, tenantId: number, id: number): Promise<Bundle | null> {
  const [bundle] = await readBundles(q, tenantId, [id]);
  return bundle ?? null;
}

/**
 * The list filters of Operation 9 as SQL, for service/http/lists.ts `bindFilters`.
 * - componentSkuId: only the current recipe (replaced rows are deleted, so they no longer match).
 * - updatedSince: the product's, the paired SKU's or any recipe row's modification time.
 */
export const BUNDLE_FILTERS = {
  outerSysCode: 'p.outer_sys_code',
  name: 'p.name',
  status: 'p.status',
  componentSkuId: (v: string) =>
    `exists (select 1 from bundle_components f where f.bundle_product_id = p.id and f.component_sku_id = ${v})`,
  updatedSince: (v: string) =>
    `(p.updated_at >= ${v}::timestamptz or s.updated_at >= ${v}::timestamptz or exists (select 1 from bundle_components u where u.bundle_product_id = p.id and u.updated_at >= ${v}::timestamptz))`,
};

/** The paired SKU of a bundle product of this tenant, or null (missing, foreign, or a normal product). */
export async function findBundleSku(
  q: Queryable,
  tenantId: number,
  bundleId: number,
): Promise<{ sku_id: number; price: number; sell_price: number } | null> {
  const [row] = await q.query<{ sku_id: number; price: number; sell_price: number }>(
    `select s.id as sku_id, s.price, s.sell_price from ${BUNDLE_FROM} where ${BUNDLE_WHERE.join(' and ')} and p.id = $2`,
    [tenantId, bundleId],
  );
  return row ?? null;
}
