import {
  BUNDLE_PRODUCT_NO_SKUS,
  BUNDLE_SKU_NOT_UPDATABLE,
  integerRef,
  round4,
  SKU_CREATE_REQUIRED,
  skuWrite,
} from '@/lib/contract';
import { validate, type WriteOutcome } from '../http/batch';
import { ItemError } from '../http/errors';
import type { ListSpec } from '../http/lists';
import { findProduct, findSku, lockCode, type ProductRow, type SkuRow } from '../http/lookups';
import type { Queryable } from '../store/db';
import type { SkuPatch, SkuSink } from './sku-sinks';

/** A SKU of a product in the InactiveVisible state is always Inactive (master-data-api.md "States"). */
export const SKU_STATUS_SQL = "case when p.status = 'InactiveVisible' then 'Inactive' else s.status end";

export const SKU_SELECT = `s.id, s.product_id, s.outer_sys_code, s.name, s.barcode, s.warehouse, s.unit, s.spec, s.price,
  s.sell_price, s.quantity_precision, ${SKU_STATUS_SQL} as status, s.inventory_qty`;

export type SkuResponseRow = Pick<
  SkuRow,
  | 'id'
  | 'product_id'
  | 'outer_sys_code'
  | 'name'
  | 'barcode'
  | 'warehouse'
  | 'unit'
  | 'spec'
  | 'price'
  | 'sell_price'
  | 'quantity_precision'
  | 'status'
  | 'inventory_qty'
>;

export function skuResponse(r: SkuResponseRow) {
  return {
    id: r.id,
    productId: r.product_id,
    outerSysCode: r.outer_sys_code,
    name: r.name,
    barcode: r.barcode,
    warehouse: r.warehouse,
    unit: r.unit,
    spec: r.spec,
    price: r.price,
    sellPrice: r.sell_price,
    quantityPrecision: r.quantity_precision,
    status: r.status,
    inventoryQty: r.inventory_qty,
  };
}

export const SKU_LIST: ListSpec<'skus', SkuResponseRow> = {
  list: 'skus',
  from: 'skus s join products p on p.id = s.product_id',
  where: ['s.tenant_id = $1', 'not s.is_bundle'],
  select: SKU_SELECT,
  orderBy: 's.id',
  filters: {
    outerSysCode: 's.outer_sys_code',
    name: 's.name',
    productId: 's.product_id',
    barcode: 's.barcode',
    status: SKU_STATUS_SQL,
    updatedSince: 's.updated_at',
  },
  map: skuResponse,
  unfiltered: { from: 'skus s', total: 'select n from sku_list_count where tenant_id = $1' },
};

/** One SKU as GET /v1/skus/{id} answers it; a bundle's SKU is not found here. */
export async function readSku(q: Queryable, tenantId: number, id: number): Promise<SkuResponseRow | null> {
  const [row] = await q.query<SkuResponseRow>(
    `select ${SKU_SELECT} from skus s join products p on p.id = s.product_id where s.tenant_id = $1 and s.id = $2 and not s.is_bundle`,
    [tenantId, id],
  );
  return row ?? null;
}

/** Product lookups repeat across a batch's items; products cannot change kind within one request. */
export type ProductCache = Map<number, ProductRow | null>;

/**
 * What a SKU batch looked up once for all its items: the products they name and the SKUs matching their
 * (productId, outerSysCode) pairs, with those codes locked for the whole batch. Items keep `codes` current
 * as they create or re-code SKUs, so later items see earlier ones exactly as a fresh query would.
 */
export interface SkuBatchScope {
  products: ProductCache;
  codes?: Map<string, number[]>;
  /** SKUs the batch names by id (null: missing or foreign). */
  skus?: Map<number, SkuRow | null>;
}

export const pairKey = (productId: number, code: string) => `${productId}\u0000${code}`;

async function productFor(tx: Queryable, tenantId: number, id: number, cache: ProductCache) {
  if (!cache.has(id)) cache.set(id, await findProduct(tx, tenantId, id));
  return cache.get(id) ?? null;
}

/**
 * Create-or-update of one SKU (master-data-api.md "SKU", contract §3): an id updates (never a bundle
 * SKU); otherwise match outerSysCode within the same productId; otherwise create, Active, not allowed to
 * sell below zero. inventoryQty is never written here. SKUs report every field error found.
 */
export async function writeSku(
  tx: Queryable,
  tenantId: number,
  input: Record<string, unknown>,
  options: { pathId?: number; notFound: string; sink: SkuSink } & SkuBatchScope,
): Promise<WriteOutcome> {
  const { data, errors: fieldErrors } = validate(skuWrite, input);
  const rawId = options.pathId ?? integerRef(input.id);

  let target: SkuRow | null = null;
  if (rawId != null) {
    target = options.skus?.has(rawId) ? (options.skus.get(rawId) ?? null) : await findSku(tx, tenantId, rawId);
    if (!target) throw new ItemError([options.notFound], true);
    if (target.is_bundle) throw new ItemError([BUNDLE_SKU_NOT_UPDATABLE]);
  }

  const errors: string[] = [];
  const productId = integerRef(input.productId) ?? input.productId;
  const code = input.outerSysCode;
  if (SKU_CREATE_REQUIRED.productId.missing(productId)) {
    // Non-positive on update is not a product either; on create (no target) the stated sentence applies.
    if (!target) errors.push(SKU_CREATE_REQUIRED.productId.code);
    else if (productId != null) errors.push('invalid_product_id');
  } else if (typeof productId === 'number' && Number.isInteger(productId)) {
    const product = await productFor(tx, tenantId, productId, options.products);
    if (!product) errors.push('invalid_product_id');
    else if (product.is_bundle) errors.push(BUNDLE_PRODUCT_NO_SKUS);
  }
  if (!target && SKU_CREATE_REQUIRED.outerSysCode.missing(code)) errors.push(SKU_CREATE_REQUIRED.outerSysCode.code);
  errors.push(...fieldErrors);
  if (!data || errors.length) throw new ItemError([...new Set(errors)]);

  let targetId = target?.id ?? null;
  if (targetId == null) {
    const key = pairKey(data.productId!, data.outerSysCode!);
    let ids = options.codes?.get(key);
    if (!ids) {
      await lockCode(tx, 'skus', tenantId, key);
      const matches = await tx.query<{ id: number }>(
        'select id from skus where tenant_id = $1 and product_id = $2 and outer_sys_code = $3 and not is_bundle order by id limit 2',
        [tenantId, data.productId, data.outerSysCode],
      );
      ids = matches.map((m) => m.id);
    }
    if (ids.length > 1) throw new ItemError(['outer_sys_code_ambiguous']);
    targetId = ids[0] ?? null;
  }

  const money = (v: number | null | undefined) => (v == null ? null : round4(v));
  const patch: SkuPatch = {
    product_id: data.productId ?? null,
    outer_sys_code: data.outerSysCode ?? null,
    name: data.name ?? null,
    barcode: data.barcode ?? null,
    warehouse: data.warehouse ?? null,
    unit: data.unit ?? null,
    spec: data.spec ?? null,
    price: money(data.price),
    sell_price: money(data.sellPrice),
    quantity_precision: data.quantityPrecision ?? null,
  };
  if (targetId != null) {
    await options.sink.update(targetId, patch);
    if (target && (data.productId != null || data.outerSysCode != null)) {
      const before = pairKey(target.product_id, target.outer_sys_code);
      const after = pairKey(data.productId ?? target.product_id, data.outerSysCode ?? target.outer_sys_code);
      // Re-coded or moved by id: keep the batch's lookups true for later items.
      target.product_id = data.productId ?? target.product_id;
      target.outer_sys_code = data.outerSysCode ?? target.outer_sys_code;
      if (options.codes?.has(before))
        options.codes.set(
          before,
          options.codes.get(before)!.filter((id) => id !== targetId),
        );
      if (options.codes?.has(after))
        options.codes.set(
          after,
          [...options.codes.get(after)!, targetId].sort((a, b) => a - b),
        );
    }
    return { status: 'updated', id: targetId };
  }
  const id = await options.sink.insert({
    product_id: data.productId!,
    outer_sys_code: data.outerSysCode!,
    name: data.name ?? '',
    barcode: data.barcode ?? '',
    warehouse: data.warehouse ?? '',
    unit: data.unit ?? '',
    spec: data.spec ?? '',
    price: patch.price ?? 0,
    sell_price: patch.sell_price ?? 0,
    quantity_precision: data.quantityPrecision ?? 0,
  });
  options.codes?.set(pairKey(data.productId!, data.outerSysCode!), [id]);
  return { status: 'created', id };
}
