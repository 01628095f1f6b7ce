import 'server-only';
import http from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';

/**
 * How the relay reaches the upstream with the request exactly as the ERP sent it. Over the network: node:http(s)
 * with the raw path and query as the request target (fetch would run them through the WHATWG URL parser, which
 * re-encodes some bytes and breaks the ERP's signature). In embedded mode: the reference service's fetch handler,
 * whose signature check reads the Request's URL, which is then the raw target behind a placeholder origin.
 */

export interface UpstreamAnswer {
  status: number;
  /** Raw header pairs as answered. */
  headers: [string, string][];
  body: Buffer;
}

export interface RelayUpstream {
  send(input: {
    method: string;
    target: string;
    headers: [string, string][];
    body: Buffer | null;
    signal: AbortSignal;
  }): Promise<UpstreamAnswer>;
}

/** A fetch handler (the embedded service): `origin` is a placeholder that never reaches a network. */
export function fetchUpstream(handler: (request: Request) => Promise<Response>, origin: string): RelayUpstream {
  return {
    async send({ method, target, headers, body, signal }) {
      const response = await handler(
        new Request(origin + target, { method, headers, body: body ? new Uint8Array(body) : null, signal }),
      );
      const pairs: [string, string][] = [];
      response.headers.forEach((value, name) => pairs.push([name, value]));
      return { status: response.status, headers: pairs, body: Buffer.from(await response.arrayBuffer()) };
    },
  };
}

/**
 * An idle pooled connection is dropped after this long. Node's agent otherwise keeps it for exactly the server's
 * Keep-Alive hint (Node's default server: 5 s), so a write sent as the server closes it meets a reset: the relay
 * cannot tell whether the upstream applied it and must answer "unknown" (measured: 2 of 16 batches after 4.5 s
 * idle against the reference service). Well under any server's idle limit; busy connections are reused anyway.
 */
const IDLE_SOCKET_MS = 1000;

function idleLimited<A extends http.Agent>(agent: A): A {
  // After the agent's own 'free' listener, which put the socket in the pool with the server's hint as its timeout.
  agent.on('free', (socket: Socket) => {
    if (Object.values(agent.freeSockets).some((pool) => pool?.includes(socket))) socket.setTimeout(IDLE_SOCKET_MS);
  });
  return agent;
}

/** The upstream at `origin` (http or https, no path: the env refuses a prefix) over kept-alive connections. */
export function networkUpstream(origin: string): RelayUpstream {
  const url = new URL(origin);
  const secure = url.protocol === 'https:';
  const options = { keepAlive: true, maxSockets: 256 };
  const agent = idleLimited(secure ? new https.Agent(options) : new http.Agent(options));
  const request = secure ? https.request : http.request;
  return {
    send({ method, target, headers, body, signal }) {
      return new Promise((resolve, reject) => {
        const outgoing: [string, string][] = [['host', url.host], ...headers];
        if (body) outgoing.push(['content-length', String(body.length)]);
        const req = request(
          {
            agent,
            protocol: url.protocol,
            hostname: url.hostname,
            port: url.port || undefined,
            method,
            path: target,
            headers: outgoing.flat(),
            signal,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              const pairs: [string, string][] = [];
              for (let i = 0; i < res.rawHeaders.length; i += 2)
                pairs.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
              resolve({ status: res.statusCode ?? 502, headers: pairs, body: Buffer.concat(chunks) });
            });
            res.on('error', reject);
          },
        );
        req.on('error', reject);
        req.end(body ?? undefined);
      });
    },
  };
}
