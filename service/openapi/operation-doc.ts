import type { z } from 'zod';
import type { ListName } from '@/lib/contract';

/**
 * What the OpenAPI document says of each /v1 operation, beside the schemas lib/contract owns (the same ones
 * the service validates with): its summary, body, answer and the codes of its 400 and 404. ./document.ts
 * builds the document from this table; a test counts it against the spec's operation table.
 */
export interface OperationDoc {
  summary: string;
  description?: string;
  tag: string;
  /** A list's filters come from LIST_FILTERS. */
  list?: ListName;
  /** The request body: one object, or a batch array of them. */
  body?: { schema: z.ZodType; name: string; batch?: boolean };
  /** The success answers, by status. */
  ok: Record<number, { schema: z.ZodType; name: string; description: string }>;
  /** 400 codes beyond the transport's (invalid_parameter, and a batch's empty_batch and batch_too_large). */
  errors?: string[];
  /** The 404: the plain `{ error }` with this code, or problem details whose `detail` is this code. */
  notFound?: { code: string; problem?: boolean };
  /** Batch items fail with these codes (in the item's `errors` or `error`, never an HTTP status). */
  itemErrors?: string[];
  conflict?: string;
}
