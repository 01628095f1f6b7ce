import { signRequest, type BodyBytes } from '@/lib/signing';
import { CREDS, type Creds } from './fixtures';

export interface FetchTarget {
  fetch(request: Request): Promise<Response>;
}

export interface SignedOptions {
  creds?: Creds;
  /** The clock used to sign, in milliseconds. */
  nowMs?: number;
  nonce?: string;
  /** Replace or drop (undefined) signed headers after signing, to build broken requests. */
  override?: Record<string, string | undefined>;
  headers?: Record<string, string>;
  base?: string;
}

/** Builds a signed Request: the body is sent byte for byte as signed; objects are JSON-encoded once. */
export async function signedRequest(
  method: string,
  pathAndQuery: string,
  body?: unknown,
  options: SignedOptions = {},
): Promise<Request> {
  const creds = options.creds ?? CREDS.erp;
  const bytes: BodyBytes =
    body === undefined
      ? undefined
      : typeof body === 'string' || body instanceof Uint8Array
        ? body
        : JSON.stringify(body);
  const signed = await signRequest({
    method,
    pathAndQuery,
    body: bytes,
    clientId: creds.clientId,
    secret: creds.secret,
    nowMs: options.nowMs,
    nonce: options.nonce,
  });
  const headers: Record<string, string> = {
    ...signed,
    ...(bytes === undefined ? {} : { 'content-type': 'application/json' }),
    ...options.headers,
  };
  for (const [name, value] of Object.entries(options.override ?? {})) {
    const key = Object.keys(headers).find((k) => k.toLowerCase() === name.toLowerCase()) ?? name;
    if (value === undefined) delete headers[key];
    else headers[key] = value;
  }
  return new Request(`${options.base ?? 'http://service.test'}${pathAndQuery}`, {
    method,
    headers,
    body: bytes === undefined ? undefined : (bytes as BodyInit),
  });
}

/** Sends one signed request to a Service (in-process) and returns the Response. */
export async function signedFetch(
  service: FetchTarget,
  method: string,
  pathAndQuery: string,
  body?: unknown,
  options: SignedOptions = {},
): Promise<Response> {
  return service.fetch(await signedRequest(method, pathAndQuery, body, options));
}

/** signedFetch plus the parsed JSON body (null when the body is empty). */
export async function call<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any
  service: FetchTarget,
  method: string,
  pathAndQuery: string,
  body?: unknown,
  options: SignedOptions = {},
): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await signedFetch(service, method, pathAndQuery, body, options);
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T, headers: response.headers };
}
