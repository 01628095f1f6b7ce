import { z } from 'zod';
import { SKU_CODE_REQUIRED, SKU_PRODUCT_REQUIRED } from './errors';
import { batchItemResult } from './batches';
import { blank, longId, money, nullableStrings, quantityPrecision, requiredOnCreate, texts } from './fields';
import type { CreateRequirements } from './fields';
import { SKU_OPERATIONS } from './operations';
import { SKU_FILTERS } from './lists';
import { SKU_LIMITS, SKU_STATUS } from './values';
export { SKU_OPERATIONS };
export { SKU_FILTERS };
export { SKU_LIMITS, SKU_STATUS };

/**
 * SKUs (master-data-api.md "SKU", contract §3). SKUs report every field error found. inventoryQty is never
 * written here (see ./stock), and a bundle's paired SKU is never written here (see ./bundles).
 */

export const skuWrite = z.object({
  id: longId.nullish(),
  productId: longId.nullish(),
  ...texts(SKU_LIMITS, ['outerSysCode', 'name', 'barcode', 'warehouse', 'unit', 'spec']),
  price: money.nullish(),
  sellPrice: money.nullish(),
  quantityPrecision: quantityPrecision.nullish(),
});
export type SkuWrite = z.infer<typeof skuWrite>;

/**
 * A create (no id, no SKU with that code under that product) needs its product and its ERP code; the API
 * answers these two with exact sentences. A non-positive productId is no product either.
 */
export const SKU_CREATE_REQUIRED = {
  productId: { code: SKU_PRODUCT_REQUIRED, missing: (v) => v == null || (typeof v === 'number' && v <= 0) },
  outerSysCode: { code: SKU_CODE_REQUIRED, missing: blank },
} satisfies CreateRequirements;

export const skuCreate = requiredOnCreate(skuWrite, SKU_CREATE_REQUIRED);

export const sku = z.object({
  id: z.number(),
  productId: z.number(),
  ...nullableStrings('outerSysCode', 'name', 'barcode', 'warehouse', 'unit', 'spec'),
  price: z.number(),
  sellPrice: z.number(),
  quantityPrecision: z.number(),
  status: z.string().nullable(),
  inventoryQty: z.number(),
});
export type Sku = z.infer<typeof sku>;

export const skuBatchItemResult = batchItemResult;
