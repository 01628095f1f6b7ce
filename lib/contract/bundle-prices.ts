import { z } from 'zod';
import { updateBatchItemResult } from './batches';
import { longId, money } from './fields';
import { BUNDLE_PRICE_OPERATIONS } from './operations';
export { BUNDLE_PRICE_OPERATIONS };

/**
 * Bundle prices (master-data-api.md Operation 12): the same price rules as SKU prices (./prices), keyed by
 * the bundle's id; the result also names the bundle's SKU. Reports every error found, the target first.
 */

export const bundlePriceWrite = z.object({ id: longId.nullish(), price: money.nullish(), sellPrice: money.nullish() });
export type BundlePriceWrite = z.infer<typeof bundlePriceWrite>;

export const bundlePrice = z.object({ price: z.number().nullable(), sellPrice: z.number().nullable() });
export type BundlePrice = z.infer<typeof bundlePrice>;

export const bundlePriceBatchItemResult = updateBatchItemResult.extend({ skuId: z.number().nullable() });
export type BundlePriceBatchItemResult = z.infer<typeof bundlePriceBatchItemResult>;
