import 'server-only';
import type { ApiError } from './errors';

/**
 * When a failed attempt may be sent again (issue 2, item 4):
 * - 429 on any method: the upstream did not process the request, so waiting Retry-After and resending is safe;
 * - 5xx, timeout or network failure: a read is retried with backoff; a write only when it is an idempotent
 *   upsert (every item keyed by id or a non-empty outerSysCode, or an absolute set keyed by its target);
 *   otherwise the caller learns the outcome is unknown, and nothing is re-sent behind its back;
 * - anything else (4xx) is an answer, not a fault, and is returned as is.
 * Every resend is a new attempt: new nonce, new timestamp (signedFetch signs each time).
 */

export interface RetryPolicy {
  /** Total attempts including the first. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited for; the 429 is returned to the caller instead. */
  maxRetryAfterMs: number;
  /**
   * Attempts after 429s, counted apart from `attempts`: a 429 means nothing was processed, so a job's client
   * (Infinity) keeps waiting Retry-After and sending again for as long as its job runs. Default: `attempts`.
   */
  rateLimitedAttempts?: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  attempts: 3,
  baseDelayMs: 250,
  maxDelayMs: 4_000,
  maxRetryAfterMs: 60_000,
};

/** Exponential backoff with jitter (half fixed, half random), so many clients recovering at once do not retry in step. */
export function backoffDelay(retryNumber: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryNumber);
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

export type RetryDecision = { retry: true; delayMs: number } | { retry: false };

/**
 * Decides about one failed attempt. `retryNumber` counts resends already made (0 after the first attempt);
 * `rateLimitedRetries`, those made after a 429 (counted against rateLimitedAttempts; default retryNumber).
 */
export function decideRetry(
  error: ApiError,
  context: {
    idempotent: boolean;
    retryNumber: number;
    rateLimitedRetries?: number;
    policy: RetryPolicy;
    random?: () => number;
  },
): RetryDecision {
  const { policy, retryNumber } = context;
  if (error.kind === 'http' && error.status === 429) {
    const limited = context.rateLimitedRetries ?? retryNumber;
    if (limited + 1 >= (policy.rateLimitedAttempts ?? policy.attempts)) return { retry: false };
    const wait = error.retryAfterMs ?? backoffDelay(Math.min(limited, 8), policy, context.random);
    return wait <= policy.maxRetryAfterMs ? { retry: true, delayMs: wait } : { retry: false };
  }
  if (retryNumber + 1 >= policy.attempts) return { retry: false };
  const fault = error.kind === 'timeout' || error.kind === 'network' || error.isServerError;
  if (fault && context.idempotent) return { retry: true, delayMs: backoffDelay(retryNumber, policy, context.random) };
  return { retry: false };
}

export const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
