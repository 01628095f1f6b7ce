/**
 * The console's web server (`npm start`, `npm run demo`, the e2e server): Next's request handler behind a Node
 * HTTP server this file owns, instead of `next start`'s. Owning it gives three things `next start` cannot:
 * - the client's address read from the socket as each request arrives (lib/server/http/client-address.ts), with a
 *   listener on this one server rather than a patch of Node's http.Server.prototype;
 * - the ERP's /v1 relay (SYNC_RELAY, lib/server/sync), which must see the request target as sent, before Next
 *   re-serialises its query;
 * - a shutdown in order: on SIGTERM or SIGINT it stops taking connections, lets requests in flight finish and
 *   the job runner hand back its units (both within SHUTDOWN_GRACE_MS), closes the databases, and exits.
 * Arguments as `next start`'s: [start] [-p port] [-H hostname]; PORT is read too. Run with
 * `node --conditions=react-server --import tsx server.ts` (package.json), as the console's server code is
 * written for the react-server condition.
 */
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { installClientAddress } from '@/lib/server/http';
import { existingProcess } from '@/lib/server/process';
import { processRelay } from '@/lib/server/sync';
import { envOrExit, stopOnSignal } from '@/lib/server/startup';

const dir = path.dirname(fileURLToPath(import.meta.url));
const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { port: { type: 'string', short: 'p' }, hostname: { type: 'string', short: 'H' } },
  allowPositionals: true,
});
const port = Number(values.port ?? process.env.PORT ?? 3000);
const hostname = values.hostname;

const env = envOrExit();

// As `next start` does, before Next is loaded.
(process.env as Record<string, string>).NODE_ENV ??= 'production';
const { default: next } = await import('next');
const app = next({ dev: false, dir, port, hostname });
await app.prepare();
const handle = app.getRequestHandler();

// SYNC_RELAY: the ERP's /v1 calls are relayed here, before Next's handler, which would re-serialise the query the
// ERP signed (lib/server/sync). Off: /v1 goes to Next as before (app/v1: the embedded service, or 404).
const relay = processRelay(env);

// Answers not yet begun. Once stopping, each answer closes its connection (Connection: close): Node's
// server.close() otherwise keeps serving requests that keep-alive clients send on open connections until the
// grace time ends and then cuts the ones in flight; told to close, a client opens its next connection elsewhere.
const unanswered = new Set<http.ServerResponse>();
let stopping = false;

const server = http.createServer((req, res) => {
  if (stopping) res.shouldKeepAlive = false;
  unanswered.add(res);
  res.once('close', () => unanswered.delete(res));
  (relay?.handles(req.url) ? relay.handle(req, res) : handle(req, res)).catch((error: unknown) => {
    console.error(`request failed: ${error instanceof Error ? error.message : String(error)}`);
    if (!res.headersSent) res.statusCode = 500;
    res.end();
  });
});
installClientAddress(server, env.trustedProxyHops);
// Idle keep-alive connections stay open longer than clients and load balancers keep theirs (often 60 s): a server
// that closes first races the client's next request on that connection, which the client sees as a reset, and
// an ERP's write then has an unknown outcome.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, hostname, () => console.log(`> Ready on http://${hostname ?? 'localhost'}:${port}`));

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

stopOnSignal(env.shutdownGraceMs + env.shutdownDrainMs, async (signal) => {
  const graceMs = env.shutdownGraceMs;
  console.log(`${signal}: finishing requests in flight and handing back job units (at most ${graceMs} ms)…`);
  stopping = true;
  // First thing: the runtime is stopping, so /api/ready answers 503 from now on (lib/server/runtime/readiness.ts).
  // The parts Next's instrumentation installed (none if it never ran): this file is outside Next's bundles and
  // must not build a runtime of its own (lib/server/runtime/instance.ts).
  const jobsStopped = existingProcess()?.stopJobs({ graceMs });
  // SHUTDOWN_DRAIN_MS: keep serving while the load balancer sees that 503 and routes new requests elsewhere.
  if (env.shutdownDrainMs > 0) await delay(env.shutdownDrainMs);
  for (const res of unanswered) if (!res.headersSent) res.shouldKeepAlive = false;
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await Promise.all([Promise.race([drained, delay(graceMs)]).then(() => server.closeAllConnections()), jobsStopped]);
  // The relay's records still queued go in before the database closes.
  await relay?.flush();
  await existingProcess()?.close();
  await app.close().catch(() => {});
});
