import 'server-only';
import pLimit from 'p-limit';
import type { z } from 'zod';
import { batchResponse, BATCH_MAX_ITEMS } from '@/lib/contract';
import type { Core } from './core';
import { isApiError } from './errors';

/**
 * Batches of any length: split into requests of at most `chunkSize` items, sent with bounded concurrency,
 * results put back at the caller's positions. A chunk whose request got no usable answer is never lost:
 * its items come back as `failed` when the upstream refused the whole request (nothing was written), or as
 * `unknown` with `outcome_unknown` when it may or may not have been written.
 */

const OUTCOME_UNKNOWN = 'outcome_unknown';

/** A result whose status may also be `unknown`. */
export type WithUnknown<R extends { status: string }> = Omit<R, 'status'> & { status: R['status'] | 'unknown' };

export interface BatchOptions {
  /** Items per request; defaults to the client's batchSize (200). At most 1000, the upstream's limit. */
  chunkSize?: number;
  /** Requests in flight at once; defaults to the client's batchConcurrency (4). */
  concurrency?: number;
  signal?: AbortSignal;
  /** Ends a wait for the rate limit (core.ts RequestInput.stopWaiting), never a request in flight. */
  stopWaiting?: AbortSignal;
}

export interface BatchSpec<I, R extends { index: number; status: string }> {
  method: 'POST' | 'PUT';
  path: string;
  result: z.ZodType<R>;
  /**
   * True when re-sending this item cannot create a duplicate or change the result: an upsert keyed by an id
   * or a non-empty outerSysCode, or an absolute set keyed by its target. A chunk is retried after a 5xx or
   * no answer only when every item in it is keyed.
   */
  keyed: (item: I) => boolean;
  /**
   * The item result reported when the whole request failed or its outcome is unknown. The item may be a stand-in
   * with none of its fields (a chunk sent as stored bytes), so a placeholder reads what it needs as optional.
   */
  placeholder: (index: number, item: Partial<I>, status: 'failed' | 'unknown', code: string) => WithUnknown<R>;
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('chunk size must be a positive integer');
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export async function runBatch<I, R extends { index: number; status: string }>(
  core: Core,
  spec: BatchSpec<I, R>,
  items: readonly I[],
  options: { chunkSize: number; concurrency: number; signal?: AbortSignal; stopWaiting?: AbortSignal },
): Promise<WithUnknown<R>[]> {
  const size = Math.min(options.chunkSize, BATCH_MAX_ITEMS);
  const results: WithUnknown<R>[] = new Array(items.length);
  const limit = pLimit(Math.max(1, options.concurrency));
  await Promise.all(
    chunk(items, size).map((part, chunkIndex) =>
      limit(async () => {
        const offset = chunkIndex * size;
        const partResults = await sendChunk(core, spec, part, {
          body: part,
          idempotent: part.every(spec.keyed),
          signal: options.signal,
          stopWaiting: options.stopWaiting,
        });
        partResults.forEach((r, local) => (results[offset + local] = { ...r, index: offset + local }));
      }),
    ),
  );
  return results;
}

const responseSchemas = new WeakMap<object, z.ZodType>();
const responseSchema = (spec: { result: z.ZodType }) => {
  let schema = responseSchemas.get(spec);
  if (!schema) responseSchemas.set(spec, (schema = batchResponse(spec.result)));
  return schema;
};

/**
 * One request of a batch: `items` are the chunk's items (for the placeholders), sent as `body`, or as
 * `bodyBytes` when the caller holds them serialised already. Results are at the chunk's own positions.
 */
export async function sendChunk<I, R extends { index: number; status: string }>(
  core: Core,
  spec: BatchSpec<I, R>,
  items: readonly Partial<I>[],
  options: {
    body?: unknown;
    bodyBytes?: Uint8Array;
    idempotent: boolean;
    signal?: AbortSignal;
    stopWaiting?: AbortSignal;
  },
): Promise<WithUnknown<R>[]> {
  const results: (WithUnknown<R> | undefined)[] = new Array(items.length);
  const fill = (status: 'failed' | 'unknown', code: string, only?: (local: number) => boolean) => {
    items.forEach((item, local) => {
      if (!only || only(local)) results[local] = spec.placeholder(local, item, status, code);
    });
  };
  try {
    const { data } = await core.request({
      method: spec.method,
      pathAndQuery: spec.path,
      body: options.body,
      bodyBytes: options.bodyBytes,
      schema: responseSchema(spec),
      idempotent: options.idempotent,
      signal: options.signal,
      stopWaiting: options.stopWaiting,
    });
    const seen = new Set<number>();
    for (const result of (data as { items: R[] }).items) {
      // Matched by `index`, as the spec says, never by position or code (codes can repeat).
      const local = result.index;
      if (!Number.isInteger(local) || local < 0 || local >= items.length || seen.has(local)) continue;
      seen.add(local);
      results[local] = result;
    }
    // An item the upstream did not report on may or may not have been written.
    fill('unknown', OUTCOME_UNKNOWN, (local) => !seen.has(local));
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.outcomeUnknown) fill('unknown', OUTCOME_UNKNOWN);
    else fill('failed', error.code);
  }
  return results as WithUnknown<R>[];
}
