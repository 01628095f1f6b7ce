import 'server-only';
import pLimit from 'p-limit';
import { parseRetryAfterHeader, type FetchImpl } from '../upstream';

export interface LimitedFetchOptions {
  /** Requests in flight at once, across every job of this process. */
  concurrency: number;
  /** A Retry-After longer than this is not waited for by the others (the 429 still reaches its caller). */
  maxPauseMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export interface LimitedFetch extends FetchImpl {
  /** Requests in flight and waiting, for tests and progress. */
  readonly activeCount: () => number;
  readonly pendingCount: () => number;
}

/**
 * Wraps the transport under the signing client: at most `concurrency` requests in flight, and after a 429
 * with Retry-After nobody sends until that time has passed (the upstream limits the credential, not one
 * request, so the other requests of the job would only collect 429s too). The signing client itself waits
 * Retry-After and re-sends the refused request; only reads and keyed upserts are re-sent (upstream/retry.ts).
 */
export function limitedFetch(base: FetchImpl, options: LimitedFetchOptions): LimitedFetch {
  const limit = pLimit(options.concurrency);
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxPauseMs = options.maxPauseMs ?? 60_000;
  let pausedUntil = 0;

  const run = async (request: Request): Promise<Response> => {
    for (let wait = pausedUntil - now(); wait > 0; wait = pausedUntil - now()) await sleep(wait);
    const response = await base(request);
    if (response.status === 429) {
      const retryAfterMs = parseRetryAfterHeader(response.headers.get('retry-after'), now());
      if (retryAfterMs !== undefined && retryAfterMs <= maxPauseMs)
        pausedUntil = Math.max(pausedUntil, now() + retryAfterMs);
    }
    return response;
  };
  const fetch = ((request: Request) => limit(() => run(request))) as LimitedFetch;
  Object.assign(fetch, { activeCount: () => limit.activeCount, pendingCount: () => limit.pendingCount });
  return fetch;
}
