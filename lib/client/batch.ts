import type { z } from 'zod';
import type { BATCH_ENDPOINTS, BatchEndpointName } from '@/lib/contract/endpoints';
import { ApiError, OFFLINE_SENTENCE } from './api-error';
import { apiFetch } from './fetcher';

/**
 * Sends a one-item batch (stock and price have no single-record write) and turns a failed item into an
 * ApiError, so a form treats it like any other refusal. A batch item failure writes nothing for that item.
 */
export async function sendOneItemBatch<B extends BatchEndpointName>(
  name: B,
  item: unknown,
): Promise<z.output<(typeof BATCH_ENDPOINTS)[B]['result']>> {
  // The batch's schemas (zod) load with the first write, not with the page; a write whose schemas cannot load
  // (the connection dropped) is refused before anything is sent.
  const [contract, { batchResponse }] = await Promise.all([
    import('@/lib/contract/endpoints'),
    import('@/lib/contract/batches'),
  ]).catch(() => {
    throw new ApiError({ status: 0, code: 'offline', kind: 'offline', sentence: OFFLINE_SENTENCE });
  });
  const { method, path } = contract.batchTarget(name);
  const result = contract.BATCH_ENDPOINTS[name].result as z.ZodType<{ status: string; errors: string[] }>;
  const { items } = await apiFetch({ method, path, body: [item], schema: batchResponse(result) });
  const first = items[0];
  if (!first) throw new ApiError({ status: 200, code: 'invalid_response', kind: 'invalid_response' });
  if (first.status === 'failed') {
    const codes = first.errors.length ? first.errors : ['invalid_parameter'];
    throw new ApiError({ status: 200, code: codes[0] as string, codes, kind: 'batch_item' });
  }
  return first as z.output<(typeof BATCH_ENDPOINTS)[B]['result']>;
}
