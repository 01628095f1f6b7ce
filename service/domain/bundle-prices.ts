import { bundlePriceWrite, INVALID, longId, round4 } from '@/lib/contract';
import { validate } from '../http/batch';
import { isPlainObject } from '../http/body';
import { ItemError } from '../http/errors';
import type { Queryable } from '../store/db';
import { findBundleSku } from './bundle-read';

/**
 * One item of PUT /v1/bundle-prices/batch (rules in lib/contract/bundle-prices.ts). Prices report every
 * error found: the target first, then the fields. An absent id finds no bundle. A price change touches
 * only the SKU's modification time (Operation 9).
 */
export async function writeBundlePriceItem(
  tx: Queryable,
  tenantId: number,
  item: unknown,
  now: Date,
): Promise<{ id: number | null; skuId: number }> {
  if (!isPlainObject(item)) throw new ItemError([INVALID]);
  const { data, errors } = validate(bundlePriceWrite, item);
  const id = longId.safeParse(item.id);
  const target = id.success ? await findBundleSku(tx, tenantId, id.data) : null;
  if (!target && (id.success || item.id == null)) errors.unshift('not_found');
  if (!data || !target) throw new ItemError(errors);
  const price = data.price != null ? round4(data.price) : target.price;
  const sellPrice = data.sellPrice != null ? round4(data.sellPrice) : target.sell_price;
  if (price !== target.price || sellPrice !== target.sell_price) {
    await tx.query('update skus set price = $2, sell_price = $3, updated_at = $4 where id = $1', [
      target.sku_id,
      price,
      sellPrice,
      now,
    ]);
  }
  return { id: data.id ?? null, skuId: target.sku_id };
}
