import 'server-only';
import { API_CONTENT_SECURITY_POLICY, BASE_SECURITY_HEADERS } from '@/lib/http/security-headers';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { OPENAPI_PATH } from '@/lib/contract';
import { operationOf } from './parse';
import type { RelayedCall } from './store';
import type { RelayUpstream, UpstreamAnswer } from './upstream';

/**
 * The relay's request path: the ERP's /v1 request, as it arrived on the console's Node server (before Next, which
 * would re-serialise the query), goes to the upstream unchanged, and the upstream's answer comes back unchanged.
 * Only the contract's operations pass (anything else is 404 here, never sent); a body over the contract's limit is
 * 413 here, as the upstream would answer. Never retried (a retried nonce is a replay). What happened goes to
 * `record` once the answer is written: recording is the recorder's, off this path.
 */

export interface RelayOptions {
  upstream: RelayUpstream;
  timeoutMs: number;
  bodyLimitBytes: number;
  record: (call: RelayedCall) => void;
}

// Hop-by-hop headers (RFC 9110 §7.6.1) are the connection's, not the message's; content-length is set again from
// the bytes. Everything else, the signing headers first, goes through as sent.
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  'content-length',
]);

// The console's own security headers, as on every answer of its port (next.config.ts): the relay's answers come
// from the console's origin too. Added where the upstream did not send the header; never part of the signature.
const SECURITY: [string, string][] = [
  ...BASE_SECURITY_HEADERS.map(({ key, value }): [string, string] => [key, value]),
  ['Content-Security-Policy', API_CONTENT_SECURITY_POLICY],
];
function withSecurity(pairs: [string, string][]): [string, string][] {
  const have = new Set(pairs.map(([name]) => name.toLowerCase()));
  return [...pairs, ...SECURITY.filter(([name]) => !have.has(name.toLowerCase()))];
}
const answer = (res: ServerResponse, status: number, error: string) => {
  res.writeHead(status, withSecurity([['content-type', 'application/json']]).flat()).end(JSON.stringify({ error }));
};

function headerPairs(raw: readonly string[]): [string, string][] {
  const pairs: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2)
    if (!HOP_BY_HOP.has(raw[i]!.toLowerCase())) pairs.push([raw[i]!, raw[i + 1]!]);
  return pairs;
}

/** The body's bytes, or 'too_large' past the limit (what was read is dropped, the rest not read). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too_large'> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) return Promise.resolve('too_large');
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        resolve('too_large');
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks, size)));
    req.on('error', reject);
  });
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? null;
const NOTHING_SENT = {
  source: 'relay',
  nonce: null,
  requestId: null,
  durationMs: null,
  addedMs: null,
  requestBody: null,
  responseBody: null,
} as const;

/** The relay as a Node request handler for `/v1/…` (server.ts calls it before Next's handler). */
export function createRelay(options: RelayOptions) {
  return async function relay(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const target = req.url ?? '';
    const method = req.method ?? 'GET';
    // The raw target against the contract's operations, segment by segment: `..`, `%2e`, `//` and anything else
    // the contract does not name match nothing, so nothing of the upstream's host is reachable through here. The
    // OpenAPI document is the one unsigned read it names besides (the reference page /developers draws it).
    const isDocument = method === 'GET' && target.split('?')[0] === OPENAPI_PATH;
    if (!isDocument && !operationOf(method, target)) {
      req.resume();
      return answer(res, 404, 'not_found');
    }
    const receivedAt = new Date();
    const withBody = method !== 'GET' && method !== 'HEAD';
    const headerOf = (name: string) => first(req.headers[name]);
    const body = withBody ? await readBody(req, options.bodyLimitBytes) : null;
    if (body === 'too_large') {
      answer(res, 413, 'payload_too_large');
      // Counted like the upstream's own 413 (./triage.ts): a refused call, nothing of its body kept.
      return options.record({
        ...NOTHING_SENT,
        clientId: headerOf('x-client-id') ?? '',
        method,
        pathAndQuery: target,
        receivedAt,
        status: 413,
      });
    }
    const ready = performance.now();

    const headers = headerPairs(req.rawHeaders);
    const signal = AbortSignal.timeout(options.timeoutMs);
    let upstream: UpstreamAnswer | null = null;
    const sent = performance.now();
    try {
      upstream = await options.upstream.send({ method, target, headers, body, signal });
    } catch {
      upstream = null;
    }
    const answered = performance.now();
    if (upstream) {
      const out = withSecurity(headerPairs(upstream.headers.flat()));
      out.push(['content-length', String(upstream.body.length)]);
      res.writeHead(upstream.status, out.flat());
      res.end(upstream.body);
    } else if (signal.aborted) answer(res, 504, 'upstream_timeout');
    else answer(res, 502, 'upstream_unavailable');
    const done = performance.now();

    // Reads are not recorded: nothing in them is a row to fix.
    if (!withBody) return;
    options.record({
      source: 'relay',
      clientId: headerOf('x-client-id') ?? '',
      nonce: headerOf('x-nonce'),
      requestId: headerOf('x-request-id') ?? responseRequestId(upstream),
      method,
      pathAndQuery: target,
      receivedAt,
      durationMs: answered - sent,
      addedMs: sent - ready + (done - answered),
      status: upstream?.status ?? null,
      requestBody: body,
      responseBody: upstream ? await decoded(upstream) : null,
    });
  };
}

const DECODERS: Record<string, (bytes: Buffer) => Promise<Buffer>> = {
  gzip: promisify(zlib.gunzip),
  deflate: promisify(zlib.inflate),
  br: promisify(zlib.brotliDecompress),
};

/** The answer's bytes as JSON text for the record, once it went back as sent (an upstream may compress it). */
async function decoded(upstream: UpstreamAnswer): Promise<Buffer> {
  const encoding = upstream.headers.find(([name]) => name.toLowerCase() === 'content-encoding')?.[1]?.trim();
  const decode = encoding ? DECODERS[encoding.toLowerCase()] : undefined;
  return decode ? decode(upstream.body).catch(() => upstream.body) : upstream.body;
}

function responseRequestId(upstream: UpstreamAnswer | null): string | null {
  return upstream?.headers.find(([name]) => name.toLowerCase() === 'x-request-id')?.[1] ?? null;
}
