/**
 * Request signing for /v1 (master-data-api.md, "Authentication").
 * Isomorphic, so the console, the reference service and tests share one implementation: Web Crypto
 * everywhere, and Node's own crypto when it is there. Web Crypto in Node sends every digest, key import and
 * HMAC to the thread pool; six of those per signed call were the largest cost of a 20,000-read quota
 * refresh (bench/quotas). Both produce the same bytes (signing.test.ts runs the spec's vectors).
 */

export const SIGNATURE_HEADERS = ['x-client-id', 'x-timestamp', 'x-nonce', 'x-signature'] as const;

/** How far X-Timestamp may be from the service's clock, either way (contract §1). */
export const CLOCK_WINDOW_SECONDS = 300;

const encoder = new TextEncoder();

type NodeCrypto = typeof import('node:crypto');
// No import statement: browser and edge bundles must not see node:crypto. Node 20.16+ has getBuiltinModule;
// a browser has no `process` (or a stand-in without it), the edge runtime a partial one.
const nodeCrypto = (
  typeof process === 'object'
    ? // eslint-disable-next-line n/no-unsupported-features/node-builtins -- absent before 20.16: WebCrypto then (signing.test.ts)
      (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule?.('node:crypto')
    : undefined
) as NodeCrypto | undefined;

export type BodyBytes = Uint8Array | string | null | undefined;

function toBytes(body: BodyBytes): Uint8Array {
  if (body == null) return new Uint8Array(0);
  return typeof body === 'string' ? encoder.encode(body) : body;
}

function hex(buffer: ArrayBuffer | Uint8Array): string {
  const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

function base64(buffer: ArrayBuffer): string {
  let binary = '';
  for (const b of new Uint8Array(buffer)) binary += String.fromCharCode(b);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) return null;
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Lower-case hex SHA-256 of the exact body bytes; the empty input when there is no body. */
export async function sha256Hex(body: BodyBytes): Promise<string> {
  const bytes = toBytes(body);
  if (nodeCrypto) return nodeCrypto.createHash('sha256').update(bytes).digest('hex');
  return hex(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>));
}

export interface CanonicalParts {
  method: string;
  /** Path plus `?query` exactly as transmitted: never re-encoded or re-ordered. */
  pathAndQuery: string;
  timestamp: string;
  nonce: string;
  bodySha256: string;
}

export function canonicalString(parts: CanonicalParts): string {
  return [
    parts.method,
    parts.pathAndQuery,
    `x-timestamp:${parts.timestamp}`,
    `x-nonce:${parts.nonce}`,
    `body-sha256:${parts.bodySha256}`,
  ].join('\n');
}

/**
 * The secret is used byte for byte, whitespace included: the spec says a stray newline changes the key,
 * so trimming here would hide a misconfiguration that the real upstream rejects.
 */
async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
}

export async function sign(secret: string, canonical: string): Promise<string> {
  if (nodeCrypto)
    return nodeCrypto.createHmac('sha256', encoder.encode(secret)).update(canonical, 'utf8').digest('base64');
  const key = await hmacKey(secret);
  return base64(await crypto.subtle.sign('HMAC', key, encoder.encode(canonical)));
}

/** Constant-time: Web Crypto's HMAC verify compares the MACs without early exit. */
export async function verify(secret: string, canonical: string, signature: string): Promise<boolean> {
  const given = fromBase64(signature);
  if (!given || given.length !== 32) return false;
  if (nodeCrypto) {
    const expected = nodeCrypto.createHmac('sha256', encoder.encode(secret)).update(canonical, 'utf8').digest();
    return nodeCrypto.timingSafeEqual(expected, given);
  }
  const key = await hmacKey(secret);
  return crypto.subtle.verify('HMAC', key, given, encoder.encode(canonical));
}

/** 122 random bits (a v4 UUID) as 32 hex characters; a new one for every attempt, retries included. */
export function newNonce(): string {
  // randomUUID draws from a cached entropy pool: a quarter of the cost of randomBytes per call.
  return nodeCrypto ? nodeCrypto.randomUUID().replaceAll('-', '') : hex(crypto.getRandomValues(new Uint8Array(16)));
}

/** Whole seconds since the epoch, as the X-Timestamp header wants it. */
export function unixSeconds(nowMs: number = Date.now()): string {
  return String(Math.floor(nowMs / 1000));
}

export interface SignInput {
  method: string;
  pathAndQuery: string;
  body?: BodyBytes;
  clientId: string;
  secret: string;
  /** Milliseconds; the caller adds any adopted clock offset. */
  nowMs?: number;
  nonce?: string;
}

/** The four /v1 authentication headers for one attempt. */
export async function signRequest(input: SignInput): Promise<Record<string, string>> {
  const timestamp = unixSeconds(input.nowMs);
  const nonce = input.nonce ?? newNonce();
  const canonical = canonicalString({
    method: input.method.toUpperCase(),
    pathAndQuery: input.pathAndQuery,
    timestamp,
    nonce,
    bodySha256: await sha256Hex(input.body),
  });
  return {
    'X-Client-Id': input.clientId,
    'X-Timestamp': timestamp,
    'X-Nonce': nonce,
    'X-Signature': await sign(input.secret, canonical),
  };
}

/**
 * Percent-encodes every byte except RFC 3986 unreserved characters. A WHATWG URL parser (fetch, Request)
 * leaves such a string untouched, so the bytes signed are the bytes sent. encodeURIComponent alone is not
 * enough: it keeps `'`, which the URL parser then turns into %27 in a query.
 */
export function encodeQueryComponent(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Builds `?a=1&b=2` in the caller's order, skipping undefined and null values; '' when nothing remains. */
export function buildQuery(params: Iterable<[string, string | number | boolean | null | undefined]>): string {
  const parts: string[] = [];
  for (const [key, value] of params) {
    if (value === undefined || value === null) continue;
    parts.push(`${encodeQueryComponent(key)}=${encodeQueryComponent(String(value))}`);
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
