import { z } from 'zod';
import { batchItemResult } from './batches';
import { longId, nullableStrings, requiredOnCreate, texts, type CreateRequirements } from './fields';
import { PRODUCT_OPERATIONS } from './operations';
import { PRODUCT_FILTERS } from './lists';
import { PRODUCT_LIMITS, PRODUCT_STATUS } from './values';
export { PRODUCT_OPERATIONS };
export { PRODUCT_FILTERS };
export { PRODUCT_LIMITS, PRODUCT_STATUS };

/**
 * Products (master-data-api.md "Product", contract §3). Products report every field error found. A bundle
 * is a product too, but never through these endpoints: its id is not found and its code is
 * product_type_conflict.
 */

export const productWrite = z.object({
  id: longId.nullish(),
  ...texts(PRODUCT_LIMITS, ['outerSysCode', 'name']),
  productCategoryId: longId.nullish(),
});
export type ProductWrite = z.infer<typeof productWrite>;

/** A create needs a category; an update (by id or by a matching code) keeps the current one. */
export const PRODUCT_CREATE_REQUIRED = {
  productCategoryId: { code: 'product_category_id_required', missing: (v) => v == null },
} satisfies CreateRequirements;

export const productCreate = requiredOnCreate(productWrite, PRODUCT_CREATE_REQUIRED);

export const product = z.object({
  id: z.number(),
  ...nullableStrings('outerSysCode', 'name'),
  productCategoryId: z.number().nullable(),
  status: z.string().nullable(),
});
export type Product = z.infer<typeof product>;

export const productBatchItemResult = batchItemResult;
