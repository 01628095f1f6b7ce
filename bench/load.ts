/**
 * Rolling restart under load (issue 28). Two console web instances (server.ts, as `npm start` runs it) on one
 * throwaway Postgres, in front of the reference service (its own process, on a database of the same cluster).
 * 50 signed-in sessions, each a loop of one request at a time, mix list reads, record reads and single writes
 * for 60 s, all on loopback; halfway, instance B gets SIGTERM (it finishes the requests in flight and exits)
 * and is started again on the same port. Prints req/s, p50/p95/p99 and the errors, then checks through /v1 that
 * every write acknowledged to a session is in the service.
 *
 *   npm run bench:load                        # builds .next-proxy (shared with bench:proxy) when it has no build
 *   npm run bench:load -- --build             # rebuild first
 *   npm run bench:load -- --seconds 20        # a shorter run
 *
 * The sessions stand in for browsers behind a load balancer that sends requests round robin to the two
 * instances and, when a connection is refused (an instance down), sends that request to the other one: nothing
 * reached the refused instance, so this is safe for writes too. Those refusals are counted apart; so is any
 * error from the restarted instance while it was stopping ("in flight on the restarted instance"). Everything
 * else that is not a 2xx is a failure; the target is none.
 *
 * Written on Node's own fetch (undici) rather than autocannon: each request needs its own session's cookie, a
 * target chosen per request with the refused-connection fallback, and its answer kept (a write's id is checked
 * at the end), which autocannon's fixed target per connection and aggregate counts do not carry.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { signRequest } from '../lib/signing';
import { ROOT, runCommand, signalGroups, waitUntilAnswers } from './harness/processes';
import { percentile } from './harness/figures';
import { benchOptions } from './harness/options';
import { startPostgres } from '../service/testing/postgres';
import { startConsole, type ConsoleProcess } from '../e2e/support/console-process';

const DIST = '.next-proxy';
const SERVICE_PORT = 4510;
const PORTS = [4501, 4502] as const;
/** The address the sessions' browsers know (a load balancer's): the Origin every write names. */
const PUBLIC_URL = 'http://127.0.0.1:4500';
const CLIENT_ID = 'demo-erp';
const SECRET = 'demo-erp-secret';
const SESSIONS = 50;
/** Of each session's requests: list reads, then record reads, the rest single writes. */
const MIX = { list: 0.6, read: 0.3 };

const values = benchOptions({ build: false, seconds: 60 });
const SECONDS = values.seconds;

type Kind = 'list' | 'read' | 'write';
interface Outcome {
  kind: Kind;
  ms: number;
  /** 2xx: applied or read. */
  ok: boolean;
  status?: number;
  error?: string;
  instance: number;
  /** Sent while instance B was being restarted, to B. */
  duringRestart: boolean;
}

const outcomes: Outcome[] = [];
/** Connections refused by a stopped instance, each request then sent to the other one. */
let refusedAndRerouted = 0;
/** Writes acknowledged to a session: ERP code → the id the service answered. */
const acknowledged = new Map<string, number>();
/** Writes whose outcome is unknown (no answer): not checked, not retried. */
let unknownWrites = 0;

const restart = { instance: 1, stopping: false, startedAt: 0, stoppedAt: 0, upAgainAt: 0 };
let nextTarget = 0;

function refused(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code === 'ECONNREFUSED';
}

/** One request through the modelled load balancer: round robin, a refused connection goes to the other instance. */
async function send(
  consoles: ConsoleProcess[],
  path: string,
  init: RequestInit,
): Promise<{ response?: Response; text?: string; error?: string; instance: number; duringRestart: boolean }> {
  let instance = nextTarget++ % consoles.length;
  for (let attempt = 0; attempt < consoles.length; attempt++) {
    // Sent to, or answered by, the restarted instance while it was stopping or down.
    const sentInRestart = restart.stopping && instance === restart.instance;
    const inRestart = () => sentInRestart || (restart.stopping && instance === restart.instance);
    try {
      const response = await fetch(`${consoles[instance]!.url}${path}`, init);
      const text = await response.text();
      return { response, text, instance, duringRestart: inRestart() };
    } catch (error) {
      if (!refused(error))
        return {
          error: (error as { cause?: { code?: string } }).cause?.code ?? String(error),
          instance,
          duringRestart: inRestart(),
        };
      refusedAndRerouted++;
      instance = (instance + 1) % consoles.length;
    }
  }
  return { error: 'every instance refused the connection', instance, duringRestart: false };
}

async function session(
  k: number,
  cookie: string,
  consoles: ConsoleProcess[],
  companyIds: number[],
  until: number,
  runId: string,
) {
  const headers = { cookie, 'x-console-request': '1', 'sec-fetch-site': 'same-origin' };
  let n = 0;
  while (Date.now() < until) {
    const pick = Math.random();
    const kind: Kind = pick < MIX.list ? 'list' : pick < MIX.list + MIX.read ? 'read' : 'write';
    const code = `LOAD-${runId}-${k}-${n++}`;
    const [target, init]: [string, RequestInit] =
      kind === 'list'
        ? [`/api/upstream/v1/companies?pageSize=20&page=${1 + Math.floor(Math.random() * 5)}`, { headers }]
        : kind === 'read'
          ? [`/api/upstream/v1/companies/${companyIds[Math.floor(Math.random() * companyIds.length)]}`, { headers }]
          : [
              '/api/upstream/v1/companies',
              {
                method: 'POST',
                headers: { ...headers, origin: PUBLIC_URL, 'content-type': 'application/json' },
                body: JSON.stringify({ outerSysCode: code, name: `Load ${k}-${n}` }),
              },
            ];
    const t0 = performance.now();
    const sent = await send(consoles, target, init);
    const ms = performance.now() - t0;
    const status = sent.response?.status;
    const ok = status !== undefined && status >= 200 && status < 300;
    outcomes.push({
      kind,
      ms,
      ok,
      status,
      error: sent.error,
      instance: sent.instance,
      duringRestart: sent.duringRestart,
    });
    if (kind === 'write') {
      const id = ok ? (JSON.parse(sent.text!) as { id?: number }).id : undefined;
      if (typeof id === 'number') acknowledged.set(code, id);
      else if (!ok && (sent.error || (status ?? 0) >= 500)) unknownWrites++;
    }
  }
}

async function restartHalfway(consoles: ConsoleProcess[], env: Record<string, string>, atMs: number) {
  await new Promise((r) => setTimeout(r, atMs));
  const b = consoles[restart.instance]!;
  restart.stopping = true;
  restart.startedAt = performance.now();
  await b.stop();
  restart.stoppedAt = performance.now();
  consoles[restart.instance] = await startConsole(b.port, env);
  restart.upAgainAt = performance.now();
  restart.stopping = false;
}

/** Signs in through the auth API, from the page the browser knows (PUBLIC_URL). */
async function signIn(instanceUrl: string): Promise<string> {
  const response = await fetch(`${instanceUrl}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
    body: JSON.stringify({ email: 'admin@example.com', password: 'demo-password' }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.includes('session_token='));
  if (!cookie) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return cookie.split(';')[0]!;
}

async function signedGet(pathAndQuery: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${SERVICE_PORT}${pathAndQuery}`, {
    headers: await signRequest({ method: 'GET', pathAndQuery, clientId: CLIENT_ID, secret: SECRET }),
  });
}

async function main() {
  if (values.build || !existsSync(path.join(ROOT, DIST, 'BUILD_ID'))) {
    console.log(`Building the console into ${DIST} …`);
    await runCommand('npx', ['next', 'build'], { NEXT_DIST_DIR: DIST, NEXT_TELEMETRY_DISABLED: '1' });
  }
  process.env.NEXT_DIST_DIR = DIST;
  const postgres = await startPostgres();
  const children: ChildProcess[] = [];
  const consoles: ConsoleProcess[] = [];
  try {
    const serviceDb = await postgres.createDatabase();
    const consoleDb = await postgres.createDatabase();
    const service = spawn(
      process.execPath,
      ['--import', 'tsx', 'service/cli.ts', '--database', serviceDb, '--port', String(SERVICE_PORT)],
      {
        cwd: ROOT,
        detached: true,
        stdio: 'ignore',
      },
    );
    children.push(service);
    await waitUntilAnswers(`http://127.0.0.1:${SERVICE_PORT}/v1/companies`, 60_000);
    const env = {
      DATABASE_URL: consoleDb,
      UPSTREAM_BASE_URL: `http://127.0.0.1:${SERVICE_PORT}`,
      UPSTREAM_CLIENT_ID: CLIENT_ID,
      UPSTREAM_CLIENT_SECRET: SECRET,
      BETTER_AUTH_SECRET: 'bench-load-secret-of-at-least-thirty-two-chars',
      CONSOLE_URL: PUBLIC_URL,
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
    };
    // One after the other: both migrate the console database at start, under its lock.
    consoles.push(await startConsole(PORTS[0], env));
    consoles.push(await startConsole(PORTS[1], env));

    // 50 sessions of the first admin, each signed in on its own (alternating instances: one database).
    const cookies: string[] = [];
    for (let k = 0; k < SESSIONS; k++) cookies.push(await signIn(consoles[k % 2]!.url));
    const list = (await (await signedGet('/v1/companies?pageSize=100')).json()) as { data: { id: number }[] };
    const companyIds = list.data.map((c) => c.id);

    const runId = Date.now().toString(36).toUpperCase();
    const t0 = performance.now();
    const until = Date.now() + SECONDS * 1000;
    await Promise.all([
      ...cookies.map((cookie, k) => session(k, cookie, consoles, companyIds, until, runId)),
      restartHalfway(consoles, env, (SECONDS * 1000) / 2),
    ]);
    const elapsedS = (performance.now() - t0) / 1000;

    // Every acknowledged write is in the service, under its ERP code.
    let missing = 0;
    for (const [code, id] of acknowledged) {
      const response = await signedGet(`/v1/companies/${id}`);
      const company = response.ok ? ((await response.json()) as { outerSysCode?: string }) : null;
      if (company?.outerSysCode !== code) missing++;
    }

    const ok = outcomes.filter((o) => o.ok);
    const inRestart = outcomes.filter((o) => !o.ok && o.duringRestart);
    const failed = outcomes.filter((o) => !o.ok && !o.duringRestart);
    const sorted = ok.map((o) => o.ms).sort((a, b) => a - b);
    const byKind = (kind: Kind) => ok.filter((o) => o.kind === kind).length;
    const reason = (o: Outcome) => (o.error ? o.error : `HTTP ${o.status}`);
    const tally = (list: Outcome[]) =>
      [...list.reduce((m, o) => m.set(reason(o), (m.get(reason(o)) ?? 0) + 1), new Map<string, number>())]
        .map(([r, c]) => `${c} × ${r}`)
        .join(', ') || 'none';

    console.log(
      `\n${SESSIONS} sessions, ${elapsedS.toFixed(1)} s, two web instances on one Postgres; instance B restarted at ${(SECONDS / 2).toFixed(0)} s`,
    );
    console.log(
      `restart: SIGTERM → exited in ${((restart.stoppedAt - restart.startedAt) / 1000).toFixed(1)} s, serving again after ${((restart.upAgainAt - restart.startedAt) / 1000).toFixed(1)} s`,
    );
    console.log(
      `requests: ${outcomes.length} (${(outcomes.length / elapsedS).toFixed(0)} req/s); answered 2xx: ${ok.length} (list ${byKind('list')}, record ${byKind('read')}, write ${byKind('write')})`,
    );
    console.log(
      `latency of 2xx answers: p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms`,
    );
    console.log(`connections refused by the stopped instance and sent to the other: ${refusedAndRerouted}`);
    console.log(`errors in flight on the restarted instance: ${inRestart.length} (${tally(inRestart)})`);
    console.log(
      `failed requests otherwise: ${failed.length} (${tally(failed)}) (target 0): ${failed.length === 0 ? 'met' : 'NOT met'}`,
    );
    console.log(
      `writes acknowledged: ${acknowledged.size}, found in the service: ${acknowledged.size - missing}, missing: ${missing} (target 0): ${missing === 0 ? 'met' : 'NOT met'}; outcome unknown (not checked): ${unknownWrites}`,
    );
  } finally {
    for (const c of consoles) await c.kill();
    signalGroups(children, 'SIGTERM');
    await postgres.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
