import 'server-only';
import pLimit from 'p-limit';
import type { FetchImpl } from '../upstream';

export interface LimitedFetchOptions {
  /** Requests in flight at once, across every job of this process. */
  concurrency: number;
}

export interface LimitedFetch extends FetchImpl {
  /** Requests in flight and waiting, for tests and progress. */
  readonly activeCount: () => number;
  readonly pendingCount: () => number;
}

/**
 * Wraps the transport under the jobs' signing client: at most `concurrency` requests in flight. The pause
 * after a 429 is the rate gate's (lib/server/upstream/rate-gate.ts), taken before a request is signed: a
 * pause here would run down the request's timeout while it waits, and a write timed out is of unknown outcome.
 */
export function limitedFetch(base: FetchImpl, options: LimitedFetchOptions): LimitedFetch {
  const limit = pLimit(options.concurrency);
  const fetch = ((request: Request) => limit(() => base(request))) as LimitedFetch;
  Object.assign(fetch, { activeCount: () => limit.activeCount, pendingCount: () => limit.pendingCount });
  return fetch;
}
