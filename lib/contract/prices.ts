import { z } from 'zod';
import { updateBatchItemResult } from './batches';
import { longId, money } from './fields';
import { PRICE_OPERATIONS } from './operations';
export { PRICE_OPERATIONS };

/**
 * SKU prices (master-data-api.md Operation 7): price and sellPrice, 0 to MONEY_MAX (invalid_price), stored
 * rounded to 4 decimals (round4). null or omitted keeps the current price. Prices report every error found;
 * a bundle's SKU is not found here (see ./bundle-prices).
 */

export const priceWrite = z.object({ skuId: longId.nullish(), price: money.nullish(), sellPrice: money.nullish() });
export type PriceWrite = z.infer<typeof priceWrite>;

export const price = z.object({ price: z.number().nullable(), sellPrice: z.number().nullable() });
export type Price = z.infer<typeof price>;

export const priceBatchItemResult = updateBatchItemResult;
