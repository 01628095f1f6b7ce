import {
  endpointPath,
  type AnyEndpoint,
  type BodyOf,
  type ParamsOf,
  type ResponseOf,
} from '@/lib/contract/console/endpoint';
import {
  ApiError,
  consoleErrorFromBody,
  INVALID_RESPONSE_SENTENCE,
  NETWORK_ERROR_SENTENCE,
  OFFLINE_SENTENCE,
} from './api-error';
import { Destination } from './destination';
import { saveFile } from './download';

/**
 * The browser's one client of the console's own endpoints (lib/contract/console), with the /v1 fetcher's
 * rules (lib/client/fetcher.ts): the console's request header, JSON, no cache; a write refused at once when
 * offline; every failure an ApiError whose outcome failedWriteOutcome reads (4xx refused, 5xx or no answer
 * unknown). The path, method and answer's type come from the endpoint's entry.
 *
 *   const { rows } = await consoleFetch(importsApi.rows, { params: { id }, query: { status: ['failed'] } });
 */

// An endpoint without path segments takes no params; one with them needs each (a number is written as text).
type NoParams = Record<string, never>;
type Params<E> =
  NoParams extends ParamsOf<E> ? { params?: undefined } : { params: { [K in keyof ParamsOf<E>]: string | number } };
type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export type ConsoleCall<E extends AnyEndpoint> = Params<E> & {
  query?: Record<string, QueryValue>;
  body?: BodyOf<E>;
  signal?: AbortSignal;
};

const destination = new Destination();

/** Tests point the console fetchers elsewhere (./destination). Browsers never call this. */
export function configureConsoleFetch(options: Parameters<Destination['configure']>[0]): void {
  destination.configure(options);
}

export function consoleUrl(
  entry: { path: string },
  call: { params?: Record<string, string | number>; query?: Record<string, QueryValue> } = {},
): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(call.query ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined && one !== null && one !== '') search.append(key, String(one));
    }
  }
  const query = search.toString();
  return `${destination.baseUrl}${endpointPath(entry, call.params ?? {})}${query ? `?${query}` : ''}`;
}

async function send<E extends AnyEndpoint>(entry: E, call: ConsoleCall<E>): Promise<Response> {
  const write = entry.method !== 'GET';
  // A write is refused at once when the browser knows it is offline: nothing is queued behind the user's back.
  if (write && typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiError({ status: 0, code: 'offline', kind: 'offline', sentence: OFFLINE_SENTENCE });
  }
  const headers: Record<string, string> = { 'X-Console-Request': '1' };
  // A write always carries a JSON body: the console refuses a write without that content type (CSRF check).
  if (write) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await destination.transport(consoleUrl(entry, call), {
      method: entry.method,
      headers,
      body: write ? JSON.stringify(call.body ?? {}) : undefined,
      signal: call.signal,
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch (error) {
    if (call.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network_error', kind: 'network', sentence: NETWORK_ERROR_SENTENCE });
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    throw consoleErrorFromBody(response.status, body);
  }
  return response;
}

/** Calls a console endpoint and answers its JSON (undefined for a 204). Throws ApiError. */
export async function consoleFetch<E extends AnyEndpoint>(
  entry: E,
  ...[call]: NoParams extends ParamsOf<E> ? [ConsoleCall<E>?] : [ConsoleCall<E>]
): Promise<ResponseOf<E>> {
  const response = await send(entry, call ?? ({} as ConsoleCall<E>));
  if (response.status === 204 || entry.answer.kind === 'none') return undefined as ResponseOf<E>;
  try {
    return (await response.json()) as ResponseOf<E>;
  } catch {
    throw new ApiError({
      status: response.status,
      code: 'invalid_response',
      kind: 'invalid_response',
      sentence: INVALID_RESPONSE_SENTENCE,
    });
  }
}

/** Fetches a file endpoint's answer and saves it under the name the server gave (or `fallbackName`). */
export async function consoleDownload<E extends AnyEndpoint>(
  entry: E,
  call: ConsoleCall<E>,
  fallbackName: string,
): Promise<void> {
  const response = await send(entry, call);
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveFile(await response.blob(), name);
}
