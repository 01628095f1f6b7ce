import 'server-only';
import type { z } from 'zod';
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
  async function counted(input: AttemptInput): Promise<Response> {
    try {
      const response = await signedFetch(config, input);
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
  ): Promise<{ response: Response; skewRetried: boolean }> {
    const response = await counted(input);
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
    const retried = await counted(input);
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

    for (let retryNumber = 0; ; retryNumber++) {
      let error: ApiError;
      try {
        const { response, skewRetried } = await attempt(attemptInput, skewRetryLeft);
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
        if (caught.kind === 'aborted' || caught.kind === 'invalid_request' || caught.kind === 'invalid_response') {
          throw caught;
        }
        error = caught;
      }
      const decision = decideRetry(error, {
        idempotent: isRead || input.idempotent === true,
        retryNumber,
        policy,
        random: options.random,
      });
      if (!decision.retry) throw error;
      await sleep(decision.delayMs);
      if (input.signal?.aborted) throw error;
    }
  }

  return {
    send,
    request,
    skew,
    config: { baseUrl: config.baseUrl, clientId: config.clientId, timeoutMs: config.timeoutMs },
  };
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
