import 'server-only';
import type { z } from 'zod';
import { SERVICE_BUSY } from '@/lib/contract';
import { countRateLimited, countUpstreamError } from '../metrics';
import { operationOf } from './call-span';
import { ApiError, apiErrorFromResponse } from './errors';
import { DEFAULT_RETRY_POLICY, decideRetry, defaultSleep, type RetryPolicy } from './retry';
import {
  jsonBytes,
  networkFetch,
  signedFetch,
  type AttemptInput,
  type FetchImpl,
  type SignedFetchConfig,
} from './signed-fetch';
import { SkewTracker } from './skew';
import type { GateRefusal } from './rate-gate';

export interface CoreOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Defaults to global fetch; the console passes the reference service's fetch handler in embedded mode. */
  fetch?: FetchImpl;
  timeoutMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** For backoff jitter; injectable so tests are deterministic. */
  random?: () => number;
  retry?: Partial<RetryPolicy>;
  /** Pass the process's tracker (runtime().skew), so the status page sees the offset the proxy's client adopted. */
  skew?: SkewTracker;
  /** Passed before each attempt is signed, told each answer: the rate limit and its 429 pause (rate-gate.ts). */
  gate?: RequestGate;
}

/** A RateGate seen with one priority: the people's client or the jobs' client (lib/server/process). */
export interface RequestGate {
  /** Resolves with null when the attempt may be signed and sent, else with why it was not (nothing sent). */
  admit(signal?: AbortSignal): Promise<GateRefusal | null>;
  observe(response: Response): void;
}

export type SendInput = AttemptInput;

export interface RequestInput<S extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT';
  pathAndQuery: string;
  /** A JSON value, serialised once; undefined for no body. */
  body?: unknown;
  /** The body already serialised (an import chunk stored as the bytes to send); takes the place of `body`. */
  bodyBytes?: Uint8Array;
  schema: S;
  /** A write that may be re-sent after a 5xx or no answer (an upsert keyed by id or code). Reads always may. */
  idempotent?: boolean;
  signal?: AbortSignal;
  /**
   * Stops waiting (for the gate, or Retry-After before a resend) without touching a request in flight: a job
   * cancelled while its request waits ends that request as not sent rather than as of unknown outcome.
   */
  stopWaiting?: AbortSignal;
}

export interface RequestResult<T> {
  status: number;
  data: T;
  /** The answer's Date header (the upstream's clock, to the second), or null when it sent none. */
  date: string | null;
}

export interface Core {
  /**
   * Signs and sends raw bytes, returning the upstream's Response whatever its status. The only automatic
   * resend is the single clock-skew retry after a 401 (a 401 means nothing was processed); no other retry,
   * so the console's proxy can forward writes without ever doubling them.
   */
  send(input: SendInput): Promise<Response>;
  /** A JSON call with the retry policy and response validation. Throws ApiError. */
  request<S extends z.ZodType>(input: RequestInput<S>): Promise<RequestResult<z.infer<S>>>;
  readonly skew: SkewTracker;
  readonly config: { baseUrl: string; clientId: string; timeoutMs: number };
}

export function createCore(options: CoreOptions): Core {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const policy: RetryPolicy = { ...DEFAULT_RETRY_POLICY, ...options.retry };
  const skew = options.skew ?? new SkewTracker();
  const config: SignedFetchConfig = {
    baseUrl: options.baseUrl,
    clientId: options.clientId,
    clientSecret: options.clientSecret,
    fetch: options.fetch ?? networkFetch,
    timeoutMs: options.timeoutMs ?? 15_000,
    now,
    skew,
  };

  /** One signed request, counted in the upstream error metrics when it fails. */
  async function counted(input: AttemptInput, stopWaiting?: AbortSignal): Promise<Response> {
    if (options.gate) {
      const signals = [input.signal, stopWaiting].filter((s): s is AbortSignal => s !== undefined);
      const refused = await options.gate.admit(signals.length > 1 ? AbortSignal.any(signals) : signals[0]);
      if (refused) throw notSentError(refused, input);
    }
    try {
      const response = await signedFetch(config, input);
      options.gate?.observe(response);
      if (response.status >= 500) countUpstreamError('5xx');
      if (response.status === 429) countRateLimited(operationOf(input.method, input.pathAndQuery));
      return response;
    } catch (error) {
      if (error instanceof ApiError && (error.kind === 'timeout' || error.kind === 'network')) {
        countUpstreamError(error.kind === 'timeout' ? 'timeout' : 'unreachable');
      }
      throw error;
    }
  }

  /** One attempt, plus at most one resend when a 401 coincides with a clock skew we have not adopted. */
  async function attempt(
    input: AttemptInput,
    allowSkewRetry: boolean,
    stopWaiting?: AbortSignal,
  ): Promise<{ response: Response; skewRetried: boolean }> {
    const response = await counted(input, stopWaiting);
    const refused = () => {
      countUpstreamError('refused_signature');
      return { response, skewRetried: false };
    };
    if (response.status !== 401) return { response, skewRetried: false };
    if (!allowSkewRetry) return refused();
    const observed = skew.observe(response.headers.get('date'), now());
    if (observed === null || !skew.shouldAdopt(observed)) return refused();
    countUpstreamError('skew');
    await response.body?.cancel().catch(() => {});
    const previous = skew.snapshot();
    skew.adopt(observed, now());
    const retried = await counted(input, stopWaiting);
    if (retried.status === 401) countUpstreamError('refused_signature');
    // Refused again: the clocks were not the problem (or the Date header lies); do not keep the new offset.
    if (retried.status === 401) skew.revert(previous);
    return { response: retried, skewRetried: true };
  }

  async function send(input: SendInput): Promise<Response> {
    return (await attempt(input, true)).response;
  }

  async function request<S extends z.ZodType>(input: RequestInput<S>): Promise<RequestResult<z.infer<S>>> {
    const method = input.method;
    const isRead = method === 'GET';
    const bodyBytes = input.bodyBytes ?? (input.body === undefined ? null : jsonBytes(input.body));
    const attemptInput: AttemptInput = { method, pathAndQuery: input.pathAndQuery, bodyBytes, signal: input.signal };
    let skewRetryLeft = true;
    let rateLimitedRetries = 0;

    for (let retryNumber = 0; ;) {
      let error: ApiError;
      try {
        const { response, skewRetried } = await attempt(attemptInput, skewRetryLeft, input.stopWaiting);
        if (skewRetried) skewRetryLeft = false;
        if (response.ok)
          return {
            status: response.status,
            data: await readJson(response, input, isRead),
            date: response.headers.get('date'),
          };
        error = await apiErrorFromResponse(response, {
          method,
          pathAndQuery: input.pathAndQuery,
          nowMs: now(),
          outcomeUnknown: !isRead && response.status >= 500,
        });
      } catch (caught) {
        if (!(caught instanceof ApiError)) throw caught;
        if (['aborted', 'busy', 'invalid_request', 'invalid_response'].includes(caught.kind)) throw caught;
        error = caught;
      }
      const decision = decideRetry(error, {
        idempotent: isRead || input.idempotent === true,
        retryNumber,
        rateLimitedRetries,
        policy,
        random: options.random,
      });
      if (!decision.retry) throw error;
      if (error.status === 429) rateLimitedRetries++;
      else retryNumber++;
      await untilStopped(sleep(decision.delayMs), input.stopWaiting);
      if (input.signal?.aborted || input.stopWaiting?.aborted) throw error;
    }
  }

  return {
    send,
    request,
    skew,
    config: { baseUrl: config.baseUrl, clientId: config.clientId, timeoutMs: config.timeoutMs },
  };
}

/** A request the gate held back: nothing was sent, so even a write's outcome is known (not applied). */
function notSentError(refused: GateRefusal, input: AttemptInput): ApiError {
  const where = { method: input.method, pathAndQuery: input.pathAndQuery };
  return refused.reason === 'busy'
    ? new ApiError({ kind: 'busy', status: null, code: SERVICE_BUSY, retryAfterMs: refused.waitMs, ...where })
    : new ApiError({ kind: 'aborted', status: null, code: 'aborted', ...where });
}

/** Waits for `wait`, or less when `stop` aborts first (its caller then gives up instead of sending again). */
function untilStopped(wait: Promise<void>, stop: AbortSignal | undefined): Promise<void> {
  if (!stop) return wait;
  if (stop.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stop.removeEventListener('abort', done);
      resolve();
    };
    stop.addEventListener('abort', done, { once: true });
    void wait.then(done);
  });
}

async function readJson<S extends z.ZodType>(
  response: Response,
  input: RequestInput<S>,
  isRead: boolean,
): Promise<z.infer<S>> {
  let text: string;
  try {
    text = await response.text();
  } catch (cause) {
    // The status said success but the body broke off: a write was applied, we just cannot read how.
    throw new ApiError({
      kind: 'network',
      status: response.status,
      code: 'upstream_unreachable',
      method: input.method,
      pathAndQuery: input.pathAndQuery,
      outcomeUnknown: !isRead,
      cause,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw invalidResponse(response.status, text, input, isRead, 'the body is not JSON');
  }
  const parsed = input.schema.safeParse(json);
  if (!parsed.success) {
    throw invalidResponse(response.status, json, input, isRead, parsed.error.issues[0]?.message ?? 'unexpected shape');
  }
  return parsed.data;
}

function invalidResponse(status: number, body: unknown, input: RequestInput<z.ZodType>, isRead: boolean, why: string) {
  return new ApiError({
    kind: 'invalid_response',
    status,
    code: 'invalid_response',
    body,
    upstreamMessage: why,
    method: input.method,
    pathAndQuery: input.pathAndQuery,
    outcomeUnknown: !isRead,
  });
}
