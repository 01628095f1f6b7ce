import 'server-only';

/**
 * The server-side /v1 client. Everything the console sends upstream goes through one signing path here.
 *
 *   const client = createUpstreamClient({ ...getEnv().upstream, fetch });   // fetch: omit for remote mode,
 *                                                                           // (req) => service.fetch(req) embedded
 *   await client.read('bundle', 1);                              // a record by id (READS in lib/contract), retried per the rules
 *   for await (const sku of client.listAll('skus', { filters: { updatedSince: new Date(since) } })) ...
 *   const rows = await client.batch('companies', items);         // chunked, re-indexed, 'unknown' on no answer
 *   const response = await client.send({ method, pathAndQuery, bodyBytes, signal }); // the proxy: raw, no retries
 *
 * Failures are ApiError (kind, status, code, plain-sentence message, raw body, isNotFound by status).
 */
export { BATCH_KEYED, BATCHES, createUpstreamClient, type BatchInput, type UpstreamClient } from './client';
export { isApiError, parseRetryAfterHeader } from './errors';
export { networkFetch, type FetchImpl } from './signed-fetch';
export { SkewTracker, type ClockSkew } from './skew';
export { RateGate, type Priority, type SharedBudget } from './rate-gate';
export { databaseBudget, upstreamPausedForMs } from './rate-budget';
export { type RequestGate } from './core';
export { type ClientListFilters } from './lists';
export { listSalespeople } from './salespeople';
export { STATUS_PROBE, readUpstreamStatus } from './status';
export { getUserRoles } from './user-roles';
