import { z } from 'zod';
import { updateBatchItemResult } from './batches';
import { fitsNumeric, INVALID, longId } from './fields';
import { STOCK_OPERATIONS } from './operations';
export { STOCK_OPERATIONS };

/**
 * Stock (master-data-api.md Operation 6, contract §3): absolute on-hand quantities, written in batches.
 * Stock reports every error found; a bundle's SKU fails with BUNDLE_SKU_STOCK (./errors). availableQty (inventoryQty − reservedQty) is never clamped.
 */

/** No more decimals than the SKU's quantityPrecision: 2.5 is fine at precision 1, not at 0. */
export function fitsPrecision(value: number, precision: number): boolean {
  return Number(value.toFixed(precision)) === value;
}

/**
 * An on-hand quantity: 0 or more, within numeric(20,4), and with no more decimals than the SKU allows
 * (`precision` null when the SKU is not known). Anything else is invalid_inventory_qty.
 */
export function isInventoryQty(value: number, precision: number | null): boolean {
  return value >= 0 && fitsNumeric(value) && (precision == null || fitsPrecision(value, precision));
}

/** One batch item as sent; the rules that need the SKU (its precision, bundle or not) are in isInventoryQty. */
export const stockWrite = z.object({
  skuId: longId.nullish(),
  inventoryQty: z.number({ error: INVALID }).nullish(),
});
export type StockWrite = z.infer<typeof stockWrite>;

/** The console's quantity field for one SKU of known precision: the same codes the batch answers. */
export function stockEntry(precision: number) {
  return z.object({
    inventoryQty: z
      .number({ error: INVALID })
      .nullish()
      .superRefine((value, ctx) => {
        if (value == null) ctx.addIssue({ code: 'custom', message: 'inventory_qty_required' });
        else if (!isInventoryQty(value, precision)) ctx.addIssue({ code: 'custom', message: 'invalid_inventory_qty' });
      }),
  });
}

export const stock = z.object({
  skuId: z.number(),
  inventoryQty: z.number(),
  reservedQty: z.number(),
  availableQty: z.number(),
});
export type Stock = z.infer<typeof stock>;

export const stockBatchItemResult = updateBatchItemResult;
