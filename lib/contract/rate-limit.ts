/**
 * How the console lives with a credential's rate limit (contract.md §1: over `rateLimitPerSecond` the service
 * answers 429 `rate_limited` with Retry-After, and clients honour both). The rules, named once here; the
 * environment (lib/server/env.ts) and the upstream client's gate (lib/server/upstream/rate-gate.ts) read them.
 */

/** A person's request that would have to wait longer than this for the service is answered "busy" instead. */
export const PEOPLE_WAIT_MAX_MS = 2_000;

/** UPSTREAM_RATE_LIMIT_PER_SECOND: the credential's limit, when the operator knows it (unset: learnt from 429s). */
export const RATE_LIMIT_PER_SECOND_MIN = 1;
export const RATE_LIMIT_PER_SECOND_MAX = 10_000;

/**
 * The share of the known limit the console plans to use: requests are spaced 5 % wider than the limit allows,
 * so the jitter of a request's trip cannot put one more than the limit into one of the service's seconds.
 */
export const RATE_LIMIT_SPACING = 1.05;

/**
 * UPSTREAM_RETRY_AFTER_MAX_S: the longest Retry-After a job waits for. Up to it, a 429 is waited out and the
 * request sent again for as long as the job runs; past it the job's rows stop as "not sent" (nothing applied).
 */
export const RETRY_AFTER_MAX_DEFAULT_S = 300;
export const RETRY_AFTER_MAX_MIN_S = 1;
export const RETRY_AFTER_MAX_MAX_S = 24 * 3600;

/** The codes of a request the console did not send because of the limit (ERROR_CODES, message catalogues). */
export const SERVICE_BUSY = 'service_busy';
export const RATE_LIMIT_STOPPED = 'rate_limit_stopped';
