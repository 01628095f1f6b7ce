import { productWrite } from '@/lib/contract/products';

/** The API requires a category on create (product_category_id_required); the form says so before sending. */
export const productCreate = productWrite.superRefine((value, ctx) => {
  if (value.productCategoryId == null)
    ctx.addIssue({ code: 'custom', path: ['productCategoryId'], message: 'product_category_id_required' });
});
