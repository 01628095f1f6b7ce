import 'server-only';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { canonicalString, sha256Hex, verify } from '@/lib/signing';
import { createUpstreamClient, type UpstreamClientOptions } from '../client';
import { createCore } from '../core';
import { SkewTracker } from '../skew';

/**
 * A real HTTP server on 127.0.0.1 for the upstream client's tests. It checks every request the way the
 * upstream does (signature over the exact raw URL and body bytes, ±300 s timestamp window against ITS clock,
 * nonce replay) and records what arrived, then answers with whatever the test scripts: the faults a real
 * service cannot easily be made to produce (500, 503, 429 + Retry-After, a skewed Date, a hung response).
 */

export interface RecordedRequest {
  method: string;
  /** The request target exactly as received, e.g. `/v1/companies?name=a%20b`. */
  rawUrl: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Signature valid, client id known, timestamp inside the window, nonce unused. */
  authentic: boolean;
  timestamp: number;
  nonce: string;
}

export type ScriptedReply =
  | { status: number; json?: unknown; text?: string; headers?: Record<string, string>; delayMs?: number }
  | 'hang'
  /** Drop the connection without an answer: what a crashed process or a reset looks like. */
  | 'destroy';

export type Script = (request: RecordedRequest, index: number) => ScriptedReply | Promise<ScriptedReply>;

export interface TestUpstream {
  baseUrl: string;
  clientId: string;
  secret: string;
  requests: RecordedRequest[];
  /** Offset of the server's clock from the real one, in ms (Date header and timestamp window use it). */
  clockOffsetMs: number;
  /** Requests being handled right now, and the most at once. */
  inFlight: number;
  maxInFlight: number;
  script: Script;
  close(): Promise<void>;
}

export async function startTestUpstream(options: { script?: Script; clientId?: string; secret?: string } = {}) {
  const clientId = options.clientId ?? 'test-erp';
  const secret = options.secret ?? 'test-erp-secret';
  const seenNonces = new Set<string>();
  const hung = new Set<import('node:http').ServerResponse>();

  const state: TestUpstream = {
    baseUrl: '',
    clientId,
    secret,
    requests: [],
    clockOffsetMs: 0,
    inFlight: 0,
    maxInFlight: 0,
    script: options.script ?? (() => ({ status: 200, json: {} })),
    close: async () => {
      for (const res of hung) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const header = (name: string) => {
      const v = req.headers[name];
      return typeof v === 'string' ? v : '';
    };
    const serverNow = Date.now() + state.clockOffsetMs;
    const timestampText = header('x-timestamp');
    const nonce = header('x-nonce');
    const canonical = canonicalString({
      method: req.method ?? '',
      pathAndQuery: req.url ?? '',
      timestamp: timestampText,
      nonce,
      bodySha256: await sha256Hex(new Uint8Array(body)),
    });
    const signatureOk = await verify(secret, canonical, header('x-signature'));
    const timestamp = /^\d{1,10}$/.test(timestampText) ? Number(timestampText) : NaN;
    const inWindow = Math.abs(timestamp * 1000 - serverNow) <= 300_000;
    const fresh = nonce !== '' && !seenNonces.has(nonce);
    seenNonces.add(nonce);
    const recorded: RecordedRequest = {
      method: req.method ?? '',
      rawUrl: req.url ?? '',
      headers: req.headers,
      body,
      authentic: header('x-client-id') === clientId && signatureOk && inWindow && fresh,
      timestamp,
      nonce,
    };
    const index = state.requests.push(recorded) - 1;
    state.inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    try {
      const reply: ScriptedReply = recorded.authentic
        ? await state.script(recorded, index)
        : { status: 401, json: { error: 'unauthorized' } };
      if (reply === 'hang') {
        hung.add(res);
        return;
      }
      if (reply === 'destroy') {
        res.socket?.destroy();
        return;
      }
      if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
      const payload = reply.json !== undefined ? JSON.stringify(reply.json) : (reply.text ?? '');
      res.writeHead(reply.status, {
        Date: new Date(Date.now() + state.clockOffsetMs).toUTCString(),
        ...(reply.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...reply.headers,
      });
      res.end(payload);
    } finally {
      state.inFlight--;
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

function testOptions(upstream: TestUpstream, overrides: Partial<UpstreamClientOptions>) {
  const sleeps: number[] = [];
  const options: UpstreamClientOptions = {
    baseUrl: upstream.baseUrl,
    clientId: upstream.clientId,
    clientSecret: upstream.secret,
    skew: new SkewTracker(),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    ...overrides,
  };
  return { options, sleeps };
}

/** A client wired to a test upstream, with its own skew tracker and a sleep that records instead of waiting. */
export function clientFor(upstream: TestUpstream, overrides: Partial<UpstreamClientOptions> = {}) {
  const { options, sleeps } = testOptions(upstream, overrides);
  return { client: createUpstreamClient(options), sleeps };
}

/** The client's core (one JSON call with the retry policy), for the rules no production call exercises alone. */
export function coreFor(upstream: TestUpstream, overrides: Partial<UpstreamClientOptions> = {}) {
  const { options, sleeps } = testOptions(upstream, overrides);
  return { core: createCore(options), sleeps };
}

/** A list envelope for page `page` of `total` items numbered from 1, `pageSize` per page. */
export function listReply(page: number, pageSize: number, total: number, item: (id: number) => unknown) {
  const totalPages = total === 0 ? 0 : Math.ceil(total / pageSize);
  const first = (page - 1) * pageSize + 1;
  const data = [];
  for (let id = first; id <= Math.min(total, first + pageSize - 1); id++) data.push(item(id));
  return { status: 200, json: { data, totalCount: total, currentPage: page, pageSize, totalPages } } as const;
}

export function queryOf(request: RecordedRequest): URLSearchParams {
  return new URL(request.rawUrl, 'http://x').searchParams;
}
