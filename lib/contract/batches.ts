import { z } from 'zod';

/** Batch conventions (master-data-api.md "Batch conventions", contract.md §1). */
export const BATCH_MAX_ITEMS = 1000;
/** The console sends smaller chunks than the service accepts. */
export const BATCH_CHUNK_DEFAULT = 200;
export const BODY_LIMIT_BYTES = 5 * 1024 * 1024;

export const batchItemResult = z.object({
  index: z.number(),
  status: z.enum(['created', 'updated', 'failed']),
  id: z.number().nullable(),
  errors: z.array(z.string()),
});
export type BatchItemResult = z.infer<typeof batchItemResult>;

/** Stock and SKU price batches: updated or failed only. */
export const updateBatchItemResult = batchItemResult.extend({ status: z.enum(['updated', 'failed']) });
export type UpdateBatchItemResult = z.infer<typeof updateBatchItemResult>;

export function batchResponse<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item) });
}

export const idResponse = z.object({ id: z.number() });

/** Error bodies: `{ error }`, the 500 shape `{ code, message }`, and problem details. */
export const errorBody = z.object({ error: z.string() });
export const serverErrorBody = z.object({ code: z.string(), message: z.string() });
export const problemDetails = z.object({
  type: z.string().nullable().optional(),
  title: z.string().nullable().optional(),
  status: z.number().nullable().optional(),
  detail: z.string().nullable().optional(),
  instance: z.string().nullable().optional(),
});
