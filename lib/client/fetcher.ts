import type { z } from 'zod';
import { buildQuery } from '@/lib/signing';
import { REVIEW_HEADER } from '@/lib/contract/history';
import {
  ApiError,
  errorFromBody,
  INVALID_RESPONSE_SENTENCE,
  NETWORK_ERROR_SENTENCE,
  OFFLINE_SENTENCE,
} from './api-error';
import { Destination } from './destination';
import { reviewHeaderOf } from './review';

/** Where the browser reaches /v1: the console's signing proxy (shell-shared.md, fixed interface). */
export const UPSTREAM_PREFIX = '/api/upstream';

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest<S extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT';
  /** A /v1 path such as `/v1/companies/12`. */
  path: string;
  /** In the order they are sent; undefined, null and '' are left out. */
  query?: [string, QueryValue][];
  body?: unknown;
  /**
   * What the answer must look like. Leave it out only for a /v1 list or single-record read: the proxy has
   * checked those against lib/contract already (lib/server/proxy/response-check.ts), so the browser needs
   * no schema (and no zod) to show a list.
   */
  schema?: S | SchemaLoader<S>;
  signal?: AbortSignal;
}

/** A schema loaded on first use (lib/client/answer-schemas): a page's first load then carries no zod. */
export type SchemaLoader<S extends z.ZodType> = () => Promise<S>;

const destination = new Destination();

/** Tests and benches point the /v1 fetchers elsewhere (./destination). Browsers never call this. */
export function configureFetcher(options: Parameters<Destination['configure']>[0]): void {
  destination.configure(options);
}

export function upstreamUrl(path: string, query: [string, QueryValue][] = []): string {
  // buildQuery encodes strictly, so the bytes the proxy forwards and signs are the bytes sent here.
  return `${destination.baseUrl}${UPSTREAM_PREFIX}${path}${buildQuery(query.filter(([, v]) => v !== ''))}`;
}

/** Calls /v1 through the proxy and parses the answer with a lib/contract schema. Throws ApiError. */
export async function apiFetch<S extends z.ZodType>(request: ApiRequest<S>): Promise<z.output<S>> {
  return (await apiFetchWithHeaders(request)).data;
}

/** apiFetch, with the answer's headers (the proxy says there what a create did). */
export async function apiFetchWithHeaders<S extends z.ZodType>(
  request: ApiRequest<S>,
): Promise<{ data: z.output<S>; headers: Headers }> {
  const method = request.method ?? 'GET';
  // A write is refused at once when the browser knows it is offline: saying so now beats a request that
  // fails later with an unknown outcome, and nothing is queued to be sent behind the user's back.
  if (method !== 'GET' && typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiError({ status: 0, code: 'offline', kind: 'offline', sentence: OFFLINE_SENTENCE });
  }
  // The answer's schema is in hand before anything is sent: a write whose schema cannot load (the connection
  // dropped) is refused, never sent with its answer left unread.
  let schema: S | undefined;
  try {
    schema = typeof request.schema === 'function' ? await request.schema() : request.schema;
  } catch {
    throw new ApiError({ status: 0, code: 'offline', kind: 'offline', sentence: OFFLINE_SENTENCE });
  }
  const headers: Record<string, string> = { 'X-Console-Request': '1' };
  let body: string | undefined;
  if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
    const review = reviewHeaderOf(request.body);
    if (review) headers[REVIEW_HEADER] = review;
  }
  let response: Response;
  try {
    response = await destination.transport(upstreamUrl(request.path, request.query), {
      method,
      headers,
      body,
      signal: request.signal,
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network_error', kind: 'network', sentence: NETWORK_ERROR_SENTENCE });
  }
  const text = await response.text();
  let json: unknown = undefined;
  if (text !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
  }
  if (!response.ok) throw errorFromBody(response.status, json);
  if (!schema) return { data: json as z.output<S>, headers: response.headers };
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: 'invalid_response',
      kind: 'invalid_response',
      sentence: INVALID_RESPONSE_SENTENCE,
    });
  }
  return { data: parsed.data, headers: response.headers };
}
