import type { z } from 'zod';
import { batchResponse } from '@/lib/contract/batches';
import { BATCH_ENDPOINTS, batchTarget, type BatchEndpointName } from '@/lib/contract/endpoints';
import { ApiError } from './api-error';
import { apiFetch } from './fetcher';

/**
 * Sends a one-item batch (stock and price have no single-record write) and turns a failed item into an
 * ApiError, so a form treats it like any other refusal. A batch item failure writes nothing for that item.
 */
export async function sendOneItemBatch<B extends BatchEndpointName>(name: B, item: unknown): Promise<z.output<(typeof BATCH_ENDPOINTS)[B]['result']>> {
  const { method, path } = batchTarget(name);
  const result = BATCH_ENDPOINTS[name].result as z.ZodType<{ status: string; errors: string[] }>;
  const { items } = await apiFetch({ method, path, body: [item], schema: batchResponse(result) });
  const first = items[0];
  if (!first) throw new ApiError({ status: 200, code: 'invalid_response', kind: 'invalid_response' });
  if (first.status === 'failed') {
    const codes = first.errors.length ? first.errors : ['invalid_parameter'];
    throw new ApiError({ status: 200, code: codes[0] as string, codes, kind: 'batch_item' });
  }
  return first as z.output<(typeof BATCH_ENDPOINTS)[B]['result']>;
}
