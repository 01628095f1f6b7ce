import { z } from 'zod';
import { PRODUCT_CATEGORY_OPERATIONS } from './operations';
import { PRODUCT_CATEGORY_FILTERS } from './lists';
export { PRODUCT_CATEGORY_OPERATIONS };
export { PRODUCT_CATEGORY_FILTERS };

/** Product categories: read only. A root (parentId null) groups categories and cannot hold products. */

export const productCategory = z.object({
  id: z.number(),
  name: z.string().nullable(),
  parentId: z.number().nullable(),
  isAssignable: z.boolean(),
});
export type ProductCategory = z.infer<typeof productCategory>;

/** Only a sub-category can hold products or bundles; anything else is invalid_product_category_id. */
export function isAssignableCategory(parentId: number | null): boolean {
  return parentId != null;
}
