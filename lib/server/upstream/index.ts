import 'server-only';

export { ApiError, isApiError, parseErrorBody, type ApiErrorKind } from './errors';
export { createCore, type Core, type CoreOptions, type SendInput } from './core';
export { jsonBytes, resolveTarget, signedFetch, type FetchImpl } from './signed-fetch';
export { DEFAULT_RETRY_POLICY, backoffDelay, decideRetry, type RetryPolicy } from './retry';
export { getClockSkew, sharedSkewTracker, SkewTracker, SKEW_ADOPT_THRESHOLD_MS, type ClockSkew } from './skew';
