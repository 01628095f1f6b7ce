import { integerRef, INVALID, priceWrite, round4 } from '@/lib/contract';
import { validate } from '../http/batch';
import { isPlainObject } from '../http/body';
import { ItemError } from '../http/errors';
import { findSku } from '../http/lookups';
import type { Queryable } from '../store/db';

/** GET /v1/skus/{id}/price; a bundle's SKU is not found here (bundles have their own price endpoints). */
export async function readPrice(q: Queryable, tenantId: number, id: number) {
  const row = await findSku(q, tenantId, id);
  return !row || row.is_bundle ? null : { price: row.price, sellPrice: row.sell_price };
}

/** One item of PUT /v1/prices/batch (rules in lib/contract/prices.ts); any bundle SKU is not_found. */
export async function writePriceItem(tx: Queryable, tenantId: number, item: unknown, now: Date): Promise<number> {
  if (!isPlainObject(item)) throw new ItemError([INVALID]);
  const { data, errors } = validate(priceWrite, item);
  const skuId = data?.skuId ?? integerRef(item.skuId);
  const sku = skuId == null ? null : await findSku(tx, tenantId, skuId);
  if (!sku || sku.is_bundle) {
    if (item.skuId == null || skuId != null) errors.push('not_found');
  }
  if (errors.length || !data || !sku) throw new ItemError([...new Set(errors)]);
  await tx.query(
    `update skus set price = coalesce($3, price), sell_price = coalesce($4, sell_price), updated_at = $5
     where tenant_id = $1 and id = $2`,
    [
      tenantId,
      sku.id,
      data.price == null ? null : round4(data.price),
      data.sellPrice == null ? null : round4(data.sellPrice),
      now,
    ],
  );
  return sku.id;
}
