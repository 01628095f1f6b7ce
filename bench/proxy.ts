/**
 * Proxy benchmark (issue 5). One run, three paths to the same upstream (the reference service standalone
 * on loopback, in memory, demo seed), each fetching a 100-row list (GET /v1/companies?pageSize=100):
 *   1. direct   — a signed call straight to the service;
 *   2. bare     — a Next route handler that only signs and forwards, built as its own tiny app (bench/bare-route),
 *                 so the console's build carries no bench code;
 *   3. proxy    — the full signing proxy (app/api/upstream): browser checks, session, allowlist, role, sign.
 * Prints p50/p95 over 2,000 sequential GETs per path and requests/s at 16 concurrent clients (3,000 requests
 * per path in 5 alternating rounds), and checks the targets:
 * proxy p50 within 1 ms of bare, proxy requests/s at least 80 % of bare. Logging (LOG_LEVEL=info, a JSON line per
 * request read from the console's standard output) and metrics are on, as in production.
 *
 *   npm run bench:proxy            # builds .next-proxy and bench/bare-route/.next when they have no build yet
 *   npm run bench:proxy -- --build # rebuild both first
 *   BENCH_CONSOLE_DATA_DIR=memory:// npm run bench:proxy   # console database in memory instead of a folder
 *   npm run bench:proxy -- --console-db postgres            # console database on a throwaway Postgres
 *
 * On PGlite (the default) the proxy serves a known session from memory; on Postgres it reads it every time
 * (lib/server/proxy/session-check.ts says why), so the second form measures that read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { signRequest } from '../lib/signing';
import { ROOT, runCommand, waitUntilAnswers } from './harness/processes';
import { percentile } from './harness/figures';
import { startPostgres, type PostgresServer } from '../service/testing/postgres';

const DIST = '.next-proxy';
const DATA = path.join(ROOT, '.data', 'proxy', 'bench');
const SERVICE_PORT = 3281;
const CONSOLE_PORT = 3280;
const BARE_PORT = 3282;
const BARE_APP = 'bench/bare-route';
const SERVICE = `http://127.0.0.1:${SERVICE_PORT}`;
const CONSOLE = `http://127.0.0.1:${CONSOLE_PORT}`;
const BARE = `http://127.0.0.1:${BARE_PORT}`;
// Outside demo mode (a real upstream): the bench's own first account.
const BENCH_EMAIL = 'bench@example.com';
const BENCH_PASSWORD = 'bench-password';
const CLIENT_ID = 'demo-erp';
const SECRET = 'demo-erp-secret';
const LIST = '/v1/companies?pageSize=100';
const WARMUP = 300;
const SAMPLES = 2_000;
const CONCURRENCY = 16;
const THROUGHPUT_REQUESTS = 3_000;
const ROUNDS = 5;
const METRICS_TOKEN = 'bench-metrics-token';

const children: ChildProcess[] = [];

/** Request lines the console logged (its standard output is read as a log collector would). */
let requestLines = 0;

function start(command: string, args: string[], env: Record<string, string>, name: string): ChildProcess {
  // Own process group, so stopping it stops npx and what it started, and nothing else.
  const child = spawn(command, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    if (name === 'console') requestLines += text.split('"msg":"request"').length - 1;
    tail = (tail + text).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code) => {
    if (code && code !== 0 && !stopping) process.stderr.write(`${name} exited with ${code}:\n${tail}\n`);
  });
  children.push(child);
  return child;
}

let stopping = false;
let postgres: PostgresServer | null = null;
let consoleDb: Record<string, string> = {};
function stopAll() {
  stopping = true;
  for (const child of children) {
    if (child.pid && child.exitCode === null) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  }
}

async function signIn(): Promise<string> {
  const response = await fetch(`${CONSOLE}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: CONSOLE },
    body: JSON.stringify({ email: BENCH_EMAIL, password: BENCH_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token='));
  if (!cookie) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie.split(';')[0]!;
}

type Call = () => Promise<Response>;

async function once(call: Call): Promise<void> {
  const response = await call();
  const body = await response.text();
  if (response.status !== 200) throw new Error(`status ${response.status}: ${body.slice(0, 200)}`);
}

async function throughput(call: Call, total: number, concurrency: number): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < total) await once(call);
    }),
  );
  return total / ((performance.now() - t0) / 1000);
}

async function main() {
  const rebuild = process.argv.includes('--build');
  const buildEnv = { NEXT_DIST_DIR: DIST, NEXT_TELEMETRY_DISABLED: '1' };
  if (rebuild || !existsSync(path.join(ROOT, DIST, 'BUILD_ID'))) {
    console.log(`Building the console into ${DIST} …`);
    await runCommand('npx', ['next', 'build'], buildEnv);
  }
  if (rebuild || !existsSync(path.join(ROOT, BARE_APP, '.next', 'BUILD_ID'))) {
    console.log(`Building the bare forwarding route (${BARE_APP}) …`);
    await runCommand('npx', ['next', 'build', '--webpack', BARE_APP], { NEXT_TELEMETRY_DISABLED: '1' });
  }
  rmSync(DATA, { recursive: true, force: true });
  mkdirSync(DATA, { recursive: true });
  const onPostgres = process.argv.includes('--console-db') && process.argv.includes('postgres');
  if (onPostgres) {
    postgres = await startPostgres({ durable: true });
    consoleDb = { DATABASE_URL: await postgres.createDatabase() };
  }

  start('npx', ['tsx', 'service/cli.ts', '--memory', '--port', String(SERVICE_PORT)], {}, 'service');
  await waitUntilAnswers(`${SERVICE}/v1/companies`, 60_000);
  start(
    'npx',
    ['next', 'start', '-p', String(CONSOLE_PORT), '-H', '127.0.0.1'],
    {
      ...buildEnv,
      NODE_ENV: 'production',
      UPSTREAM_BASE_URL: SERVICE,
      UPSTREAM_CLIENT_ID: CLIENT_ID,
      UPSTREAM_CLIENT_SECRET: SECRET,
      // Demo mode is refused in front of a real upstream; the bench makes its own admin instead.
      BETTER_AUTH_SECRET: 'bench-only-better-auth-secret-0123456789',
      CONSOLE_ADMIN_EMAIL: BENCH_EMAIL,
      CONSOLE_ADMIN_PASSWORD: BENCH_PASSWORD,
      CONSOLE_DATA_DIR: process.env.BENCH_CONSOLE_DATA_DIR ?? path.join(DATA, 'console'),
      ...consoleDb,
      CONSOLE_URL: CONSOLE,
      // As in production: a JSON line per request on standard output, and the metrics recorded and served.
      LOG_LEVEL: 'info',
      METRICS_TOKEN: METRICS_TOKEN,
    },
    'console',
  );
  start(
    'npx',
    ['next', 'start', BARE_APP, '-p', String(BARE_PORT), '-H', '127.0.0.1'],
    {
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      UPSTREAM_BASE_URL: SERVICE,
      UPSTREAM_CLIENT_ID: CLIENT_ID,
      UPSTREAM_CLIENT_SECRET: SECRET,
    },
    'bare route',
  );
  await waitUntilAnswers(`${CONSOLE}/sign-in`, 120_000);
  await waitUntilAnswers(`${BARE}/api/bench-forward${LIST}`, 120_000);
  const cookie = await signIn();

  const paths: [string, Call][] = [
    [
      'direct signed call',
      async () =>
        fetch(`${SERVICE}${LIST}`, {
          headers: await signRequest({ method: 'GET', pathAndQuery: LIST, clientId: CLIENT_ID, secret: SECRET }),
        }),
    ],
    ['bare Next route (sign + forward)', () => fetch(`${BARE}/api/bench-forward${LIST}`)],
    [
      'full proxy (session, role, allowlist)',
      () =>
        fetch(`${CONSOLE}/api/upstream${LIST}`, {
          headers: { cookie, 'x-console-request': '1', 'sec-fetch-site': 'same-origin' },
        }),
    ],
  ];

  // Every path must really return the 100 rows before it is timed.
  for (const [name, call] of paths) {
    const response = await call();
    const json = (await response.json()) as { data?: unknown[] };
    if (response.status !== 200 || json.data?.length !== 100)
      throw new Error(`${name}: expected 100 rows, got ${response.status}`);
  }

  // The paths are interleaved (one request each in turn; throughput in alternating rounds), so a change in
  // machine load during the run hits all three alike instead of skewing the comparison.
  for (let i = 0; i < WARMUP; i++) for (const [, call] of paths) await once(call);
  const samples: number[][] = paths.map(() => []);
  for (let i = 0; i < SAMPLES; i++) {
    for (const [k, [, call]] of paths.entries()) {
      const t0 = performance.now();
      await once(call);
      samples[k]!.push(performance.now() - t0);
    }
  }
  const elapsed = paths.map(() => 0);
  const perRound = THROUGHPUT_REQUESTS / ROUNDS;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [k, [, call]] of paths.entries())
      elapsed[k]! += perRound / (await throughput(call, perRound, CONCURRENCY));
  }
  const results = paths.map(([name], k) => {
    const sorted = samples[k]!.sort((a, b) => a - b);
    return { name, p50: percentile(sorted, 50), p95: percentile(sorted, 95), rps: THROUGHPUT_REQUESTS / elapsed[k]! };
  });

  console.log(`\nconsole database: ${onPostgres ? 'Postgres' : 'PGlite'}`);
  console.log(`GET ${LIST} (100 rows), ${SAMPLES} sequential samples per path (interleaved);`);
  console.log(
    `${THROUGHPUT_REQUESTS} requests per path at ${CONCURRENCY} concurrent clients in ${ROUNDS} alternating rounds`,
  );
  console.log('path'.padEnd(40), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8), 'req/s'.padStart(8));
  for (const r of results) {
    console.log(
      r.name.padEnd(40),
      r.p50.toFixed(2).padStart(8),
      r.p95.toFixed(2).padStart(8),
      r.rps.toFixed(0).padStart(8),
    );
  }
  const metrics = await (
    await fetch(`${CONSOLE}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const observed = /^console_proxy_request_duration_seconds_count\{[^}]*status="200"[^}]*\} (\d+)/m.exec(metrics)?.[1];
  console.log(
    `logging and metrics on: ${requestLines} request lines logged, ${observed ?? 'no'} proxied requests in the duration metric`,
  );
  const bare = results[1]!;
  const full = results[2]!;
  const p50Gap = full.p50 - bare.p50;
  const rpsRatio = full.rps / bare.rps;
  console.log(`\nproxy p50 − bare p50 = ${p50Gap.toFixed(2)} ms (target ≤ 1 ms): ${p50Gap <= 1 ? 'met' : 'NOT met'}`);
  console.log(
    `proxy req/s ÷ bare req/s = ${(rpsRatio * 100).toFixed(0)} % (target ≥ 80 %): ${rpsRatio >= 0.8 ? 'met' : 'NOT met'}`,
  );
}

process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(async () => {
    stopAll();
    await postgres?.stop();
  });
