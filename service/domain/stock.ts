import { BUNDLE_SKU_STOCK, integerRef, INVALID, isInventoryQty, stockWrite } from '@/lib/contract';
import { validate } from '../http/batch';
import { isPlainObject } from '../http/body';
import { ItemError } from '../http/errors';
import { findSku } from '../http/lookups';
import type { Queryable } from '../store/db';

/** GET /v1/skus/{id}/stock; availableQty is not clamped: reservations above stock read negative (contract §3). */
export async function readStock(q: Queryable, tenantId: number, id: number) {
  const [row] = await q.query<{ id: number; inventory_qty: number; reserved_qty: number; available_qty: number }>(
    `select id, inventory_qty, reserved_qty, inventory_qty - reserved_qty as available_qty
     from skus where tenant_id = $1 and id = $2 and not is_bundle`,
    [tenantId, id],
  );
  return row
    ? { skuId: row.id, inventoryQty: row.inventory_qty, reservedQty: row.reserved_qty, availableQty: row.available_qty }
    : null;
}

/**
 * One item of POST /v1/skus/stock/batch: an absolute on-hand quantity (rules in lib/contract/stock.ts). A
 * bundle SKU's stock is computed from its recipe, so it fails the item. Reports every error found.
 */
export async function writeStockItem(tx: Queryable, tenantId: number, item: unknown, now: Date): Promise<number> {
  if (!isPlainObject(item)) throw new ItemError([INVALID]);
  const { data, errors } = validate(stockWrite, item);
  const skuId = data?.skuId ?? integerRef(item.skuId);
  const qty = data?.inventoryQty ?? (typeof item.inventoryQty === 'number' ? item.inventoryQty : null);
  let sku = null;
  if (item.skuId == null) errors.push('sku_id_required');
  else if (skuId != null) {
    sku = await findSku(tx, tenantId, skuId);
    if (!sku) errors.push('not_found');
    else if (sku.is_bundle) errors.push(BUNDLE_SKU_STOCK);
  }
  if (item.inventoryQty == null) errors.push('inventory_qty_required');
  else if (qty != null && !isInventoryQty(qty, sku && !sku.is_bundle ? sku.quantity_precision : null)) {
    errors.push('invalid_inventory_qty');
  }
  if (errors.length || !sku || qty == null) throw new ItemError([...new Set(errors)]);
  await tx.query('update skus set inventory_qty = $3, updated_at = $4 where tenant_id = $1 and id = $2', [
    tenantId,
    sku.id,
    qty,
    now,
  ]);
  return sku.id;
}
