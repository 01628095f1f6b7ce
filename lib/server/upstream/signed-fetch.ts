import 'server-only';
import { signRequest } from '@/lib/signing';
import { REQUEST_ID_HEADER } from '../http';
import { injectTraceContext } from '../telemetry';
import { inCallSpan } from './call-span';
import { ApiError } from './errors';
import type { SkewTracker } from './skew';

/**
 * One signed attempt, nothing more: no retries here. The caller hands over the exact body bytes; they are
 * hashed, signed and sent as they are, so nothing can re-serialise them between signing and sending.
 */

/** Anything that turns a Request into a Response: global fetch, or the reference service in-process. */
export type FetchImpl = (request: Request) => Promise<Response>;

/**
 * A signed request over the network: global fetch, with the request's own signal passed again in `init`. Under
 * Next, a fetch given a signal this way skips its GET de-duplication (next/dist/server/lib/dedupe-fetch.js calls
 * it the opt-out), which otherwise keys every GET by its headers and tees its answer into a copy for a cache
 * that a signed request, with its fresh nonce, can never hit. The signal is the same one, so a timeout or an
 * abort still stops the request and the reading of its body.
 */
export const networkFetch: FetchImpl = (request) => fetch(request, { signal: request.signal });

export interface SignedFetchConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch: FetchImpl;
  timeoutMs: number;
  /** Local clock in ms; the adopted skew offset is added to it for X-Timestamp. */
  now: () => number;
  skew: SkewTracker;
}

export interface AttemptInput {
  method: string;
  /** `/v1/...` plus `?query` built with buildQuery: sent and signed byte for byte. */
  pathAndQuery: string;
  bodyBytes?: Uint8Array | null;
  signal?: AbortSignal;
  /**
   * Sent as X-Request-Id, so the upstream's logs can be matched with the console's. The spec's signature covers
   * method, path, timestamp, nonce and body only, so an extra header leaves it intact (and so does the W3C
   * `traceparent` sent beside it when traces are on).
   */
  requestId?: string;
}

const encoder = new TextEncoder();

/** Serialises a JSON body once; these bytes are what gets signed and sent. */
export function jsonBytes(value: unknown): Uint8Array {
  return encoder.encode(JSON.stringify(value));
}

interface Target {
  url: string;
  /** The path and query as the upstream sees them: the base URL's path prefix plus pathAndQuery. */
  signedPath: string;
}

/** Where an attempt goes: the base URL's origin and path prefix plus pathAndQuery, checked to survive URL parsing. */
function upstreamTarget(baseUrl: string, pathAndQuery: string, method: string): Target {
  const fail = (why: string) =>
    new ApiError({
      kind: 'invalid_request',
      status: null,
      code: 'bad_path',
      upstreamMessage: why,
      method,
      pathAndQuery,
    });
  if (!pathAndQuery.startsWith('/') || pathAndQuery.startsWith('//')) throw fail('the path must start with a single /');
  const base = new URL(baseUrl);
  const prefix = base.pathname.replace(/\/+$/, '');
  const signedPath = `${prefix}${pathAndQuery}`;
  const url = `${base.origin}${signedPath}`;
  // The URL parser normalises dot segments and some characters; if it would change what we sign, the
  // signature would not match what is sent, so refuse instead of sending a request doomed to a 401.
  const parsed = new URL(url);
  if (parsed.origin !== base.origin || `${parsed.pathname}${parsed.search}` !== signedPath) {
    throw fail('the URL parser would change this path or query, so its signature could not match');
  }
  return { url, signedPath };
}

/**
 * Signs and sends one request. Resolves with the upstream's Response whatever its status; rejects with an
 * ApiError of kind timeout, network or aborted when no answer came. The timeout also covers reading the
 * body, since the abort signal stays attached to the response stream.
 */
export function signedFetch(config: SignedFetchConfig, input: AttemptInput): Promise<Response> {
  return inCallSpan(input, () => signedAttempt(config, input));
}

async function signedAttempt(config: SignedFetchConfig, input: AttemptInput): Promise<Response> {
  const method = input.method.toUpperCase();
  if (input.signal?.aborted) {
    // Nothing was sent, so even a write has a known outcome: not applied.
    throw new ApiError({ kind: 'aborted', status: null, code: 'aborted', method, pathAndQuery: input.pathAndQuery });
  }
  const { url, signedPath } = upstreamTarget(config.baseUrl, input.pathAndQuery, method);
  const body = input.bodyBytes && input.bodyBytes.byteLength > 0 ? input.bodyBytes : null;
  if (body && (method === 'GET' || method === 'HEAD')) {
    throw new ApiError({
      kind: 'invalid_request',
      status: null,
      code: 'invalid_parameter',
      upstreamMessage: `${method} cannot carry a body`,
      method,
      pathAndQuery: input.pathAndQuery,
    });
  }

  const headers = new Headers(
    await signRequest({
      method,
      pathAndQuery: signedPath,
      body,
      clientId: config.clientId,
      secret: config.clientSecret,
      nowMs: config.now() + config.skew.offsetMs,
    }),
  );
  headers.set('Accept', 'application/json');
  if (input.requestId) headers.set(REQUEST_ID_HEADER, input.requestId);
  injectTraceContext(headers);
  if (body) headers.set('Content-Type', 'application/json');

  const timeout = AbortSignal.timeout(config.timeoutMs);
  const signal = input.signal ? AbortSignal.any([timeout, input.signal]) : timeout;
  const request = new Request(url, { method, headers, body: body as BodyInit | null, signal });

  const failure = (cause: unknown) => {
    const kind = input.signal?.aborted ? 'aborted' : timeout.aborted ? 'timeout' : 'network';
    return new ApiError({
      kind,
      status: null,
      code: kind === 'timeout' ? 'upstream_timeout' : kind === 'aborted' ? 'aborted' : 'upstream_unreachable',
      method,
      pathAndQuery: input.pathAndQuery,
      outcomeUnknown: method !== 'GET' && method !== 'HEAD',
      cause,
    });
  };

  // Race the abort as well: an in-process fetch handler may ignore the request's signal.
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    const response = await Promise.race([config.fetch(request), aborted]);
    config.skew.observe(response.headers.get('date'), config.now());
    return response;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw failure(error);
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
    // Keep an unobserved rejection of the race promise from surfacing as an unhandled rejection.
    aborted.catch(() => {});
  }
}
