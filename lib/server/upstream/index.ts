import 'server-only';

/**
 * The server-side /v1 client. Everything the console sends upstream goes through one signing path here.
 *
 *   const client = createUpstreamClient({ ...getEnv().upstream, fetch });   // fetch: omit for remote mode,
 *                                                                           // (req) => service.fetch(req) embedded
 *   await client.getCompany(1);                                  // typed, validated, retried per the rules
 *   for await (const sku of client.listAll('skus', { filters: { updatedSince: new Date(since) } })) ...
 *   const rows = await client.batch('companies', items);         // chunked, re-indexed, 'unknown' on no answer
 *   const response = await client.send({ method, pathAndQuery, bodyBytes, signal }); // the proxy: raw, no retries
 *   getClockSkew();                                              // status page: last observed and adopted skew
 *
 * Failures are ApiError (kind, status, code, plain-sentence message, raw body, isNotFound by status).
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
