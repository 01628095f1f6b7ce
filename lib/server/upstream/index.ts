import 'server-only';

/**
 * The server-side /v1 client. Everything the console sends upstream goes through one signing path here:
 * `createUpstreamClient(...)` for typed calls with retries, and its `send(...)` for the proxy's raw bytes.
 */
export {
  BATCHES,
  createUpstreamClient,
  type BatchInput,
  type BatchName,
  type BatchOutcome,
  type Created,
  type UpstreamClient,
  type UpstreamClientOptions,
} from './client';
export { ApiError, isApiError, parseErrorBody, parseRetryAfterHeader, type ApiErrorKind } from './errors';
export { chunk, OUTCOME_UNKNOWN, type BatchOptions, type WithUnknown } from './batches';
export { createCore, type Core, type CoreOptions, type SendInput } from './core';
export { listPathAndQuery, normaliseUpdatedSince, type ClientListFilters, type ClientListParams, type ListItem } from './lists';
export { jsonBytes, resolveTarget, signedFetch, type FetchImpl } from './signed-fetch';
export { DEFAULT_RETRY_POLICY, backoffDelay, decideRetry, type RetryPolicy } from './retry';
export { getClockSkew, sharedSkewTracker, SkewTracker, SKEW_ADOPT_THRESHOLD_MS, type ClockSkew } from './skew';
