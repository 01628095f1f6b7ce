import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { signRequest } from '@/lib/signing';
import type { Service } from '@/service';
import type { ConsoleDatabase } from '../db/types';
import { parseEnv } from '../env';
import { createRelay } from '../sync/forward';
import { createRecorder, type RelayRecorder } from '../sync/recorder';
import type { RelayedCall } from '../sync/store';
import { fetchUpstream, networkUpstream } from '../sync/upstream';

// The relay's integration rig: a recording upstream (a Node server that keeps the exact bytes it received and
// sent, in front of the reference service's fetch handler), the relay on its own Node server as server.ts runs
// it, and the ERP's signed calls over real HTTP.

export interface Exchange {
  received: { method: string; target: string; headers: http.IncomingHttpHeaders; body: Buffer };
  sent: { status: number; headers: Record<string, string>; body: Buffer };
}

/** What the recording upstream does to an answer: pass it on, or (a fault) answer 500 after the service applied it. */
export type Fault = 'none' | 'fail-after-apply';

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const readAll = async (req: http.IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

export async function recordingUpstream(service: Service) {
  const exchanges: Exchange[] = [];
  let fault: Fault = 'none';
  const server = http.createServer(async (req, res) => {
    const body = await readAll(req);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const method = req.method ?? 'GET';
    const response = await service.fetch(
      new Request(`http://upstream.test${req.url}`, {
        method,
        headers,
        body: method === 'GET' ? null : new Uint8Array(body),
      }),
    );
    let status = response.status;
    let out = Buffer.from(await response.arrayBuffer());
    const sentHeaders: Record<string, string> = {};
    response.headers.forEach((value, name) => (sentHeaders[name] = value));
    if (fault === 'fail-after-apply') {
      status = 500;
      out = Buffer.from('{"error":"internal_error"}');
      sentHeaders['content-type'] = 'application/json';
    }
    sentHeaders['content-length'] = String(out.length);
    res.writeHead(status, sentHeaders).end(out);
    exchanges.push({
      received: { method, target: req.url ?? '', headers: req.headers, body },
      sent: { status, headers: sentHeaders, body: out },
    });
  });
  const url = await listen(server);
  return {
    url,
    exchanges,
    setFault: (next: Fault) => void (fault = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A console instance's relay on its own port, recording into `db` (the cap: SYNC_LOG_CALLS_PER_MINUTE's default). */
export async function relayServer(
  upstream: string | Service,
  db: () => Promise<Kysely<ConsoleDatabase>>,
  storedCallsPerMinute = parseEnv({ DEMO_MODE: '1' }).relay.storedCallsPerMinute,
) {
  const recorder: RelayRecorder = createRecorder({ db, storedCallsPerMinute });
  const relay = createRelay({
    // A URL over the network; a service in process, as embedded mode reaches it (its fetch handler).
    upstream:
      typeof upstream === 'string'
        ? networkUpstream(upstream)
        : fetchUpstream((request) => upstream.fetch(request), 'http://embedded.test'),
    // Long enough that a test's flood on a loaded machine meets no 504 (which would be stored as an unknown outcome).
    timeoutMs: 60_000,
    bodyLimitBytes: 5 * 1024 * 1024,
    record: (call) => recorder.record(call),
  });
  const server = http.createServer((req, res) => void relay(req, res));
  // As server.ts keeps them: idle connections outlive the client's, so a reused one is never closed under it.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const url = await listen(server);
  return {
    url,
    recorder,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface Signed {
  method: string;
  path: string;
  body: string;
  headers: Record<string, string>;
}

export async function signed(
  method: string,
  path: string,
  body: unknown,
  creds: { clientId: string; secret: string },
): Promise<Signed> {
  // Written as an ERP may write it (indented, a final newline): a relay that re-serialised it would change the bytes.
  const text = body === undefined ? '' : `${JSON.stringify(body, null, 1)}\n`;
  const headers = await signRequest({ method, pathAndQuery: path, body: text, ...creds });
  return { method, path, body: text, headers: { ...headers, 'content-type': 'application/json' } };
}

/** The ERP's call to `base` over real HTTP: status, headers and the answer's bytes. */
export async function call(base: string, request: Signed) {
  const response = await fetch(base + request.path, {
    method: request.method,
    headers: request.headers,
    body: request.method === 'GET' ? undefined : request.body,
  });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

/** A request with its target exactly as written (fetch would resolve `..` and `%2e%2e` first): the answer's status. */
export function rawStatus(base: string, method: string, target: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { hostname, port, method, path: target, headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end('[]');
  });
}

/** A signed request as the relay would record it, with a 400 answer to its one item. */
export function relayedCall(request: Signed): RelayedCall {
  return {
    source: 'upload',
    clientId: request.headers['X-Client-Id'] ?? '',
    nonce: request.headers['X-Nonce'] ?? null,
    requestId: null,
    method: request.method,
    pathAndQuery: request.path,
    receivedAt: new Date(),
    durationMs: null,
    addedMs: null,
    status: 200,
    requestBody: request.body,
    responseBody: '{"items":[{"index":0,"status":"failed","id":null,"errors":["invalid_price"]}]}',
  };
}
