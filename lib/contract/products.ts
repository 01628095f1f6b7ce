import { z } from 'zod';
import { batchItemResult } from './batches';
import { longId, requiredOnCreate, texts, type CreateRequirements } from './fields';

/**
 * Products (master-data-api.md "Product", contract §3). Products report every field error found. A bundle
 * is a product too, but never through these endpoints: its id is not found and its code is
 * product_type_conflict.
 */

export const PRODUCT_LIMITS = { outerSysCode: 50, name: 100 } as const;

export const PRODUCT_STATUS = ['Active', 'InactiveVisible', 'Inactive'] as const;

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
  outerSysCode: z.string().nullable(),
  name: z.string().nullable(),
  productCategoryId: z.number().nullable(),
  status: z.string().nullable(),
});
export type Product = z.infer<typeof product>;

export const productBatchItemResult = batchItemResult;

export const PRODUCT_FILTERS = {
  outerSysCode: 'substring',
  name: 'substring',
  productCategoryId: 'id',
  status: 'exact',
  updatedSince: 'datetime',
} as const;

export const PRODUCT_OPERATIONS = {
  list: 'GET /v1/products',
  read: 'GET /v1/products/{id}',
  create: 'POST /v1/products',
  update: 'PUT /v1/products/{id}',
  batch: 'POST /v1/products/batch',
} as const;
