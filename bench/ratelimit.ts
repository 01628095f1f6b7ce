/**
 * A rate-limited upstream, used to the last request (issue 44). The reference service standalone with the demo
 * seed, the console's credential limited to `--limit` requests a second (10); two web instances (JOBS_RUNNER=off)
 * and a worker on one throwaway Postgres; a `--rows` (20,000) SKU price import in chunks of 200 uploaded and
 * started through the console's API as the browser does; the mirror's passes every 5 s; `--sessions` (10)
 * signed-in browsing sessions (a SKU list page, or a SKU read through the proxy as a record page does, then a
 * second's pause) for the import's whole length and until the mirror has caught up after it.
 *
 *   npm run bench:ratelimit                       # builds .next-ratelimit (or NEXT_DIST_DIR) when it has no build
 *   npm run bench:ratelimit -- --untold           # without UPSTREAM_RATE_LIMIT_PER_SECOND: 429s and pauses only
 *
 * Every request the console sends passes a counting hop in this process on its way to the service, which is
 * how the 429s and "the limit's floor" are counted: the floor is the requests the service received from the
 * console while the import ran, divided by the limit (the service cannot answer more in that time).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { uploadParts } from '@/lib/contract/console/import-files';
import { signRequest } from '@/lib/signing';
import { startPostgres } from '@/service/testing/postgres';
import { signInCookie, startConsole, type ConsoleProcess } from '@/e2e/support/console-process';
import { percentile } from './harness/figures';
import { benchOptions } from './harness/options';
import { ROOT, runCommand, signalGroups, waitUntilAnswers } from './harness/processes';

const DIST = process.env.NEXT_DIST_DIR ?? '.next-ratelimit';
const SERVICE_PORT = 4610;
const HOP_PORT = 4611;
const PORTS = [4601, 4602] as const;
const CLIENT_ID = 'demo-erp';
const SECRET = 'demo-erp-secret';
const MIRROR_INTERVAL_S = 5;

const values = benchOptions({ build: false, untold: false, rows: 20_000, limit: 10, sessions: 10 });
const { rows: ROWS, limit: LIMIT, sessions: SESSIONS } = values;

// ---------- The counting hop ----------
type Sent = { at: number; kind: string; status: number };
const sent: Sent[] = [];
const kindOf = (method: string, url: string) =>
  method !== 'GET'
    ? 'batch write'
    : /\/v1\/companies\/\d+\/(credit|point)-quota/.test(url)
      ? 'quota read'
      : /\/v1\/[a-z-]+\/\d+/.test(url)
        ? 'record read'
        : 'list page';

function startHop(): Promise<() => Promise<void>> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name))
        headers.set(name, value);
    try {
      const answer = await fetch(`http://127.0.0.1:${SERVICE_PORT}${req.url}`, {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      const body = Buffer.from(await answer.arrayBuffer());
      sent.push({ at: performance.now(), kind: kindOf(req.method!, req.url!), status: answer.status });
      const out: Record<string, string> = {};
      answer.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name))
          out[name] = value;
      });
      res.writeHead(answer.status, out).end(body);
    } catch {
      res.destroy();
    }
  });
  return new Promise((resolve) =>
    server.listen(HOP_PORT, '127.0.0.1', () => resolve(() => new Promise<void>((done) => server.close(() => done())))),
  );
}

async function signedGet(pathAndQuery: string): Promise<Response> {
  return fetch(`http://127.0.0.1:${SERVICE_PORT}${pathAndQuery}`, {
    headers: await signRequest({ method: 'GET', pathAndQuery, clientId: CLIENT_ID, secret: SECRET }),
  });
}

/** Every SKU id the service lists (bundles are not SKUs of the list), read straight from the service. */
async function skuIds(): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const response = await signedGet(`/v1/skus?pageSize=100&page=${page}`);
    if (response.status === 429) {
      await new Promise((r) => setTimeout(r, 1000));
      page--;
      continue;
    }
    const body = (await response.json()) as { data: { id: number }[]; totalPages: number };
    ids.push(...body.data.map((s) => s.id));
    if (page >= body.totalPages) return ids;
  }
}

// ---------- Browsing sessions ----------
type Page = { ms: number; status: number | null; busy: boolean; target: string; error?: string };
const pages: Page[] = [];

async function browse(consoleUrl: string, cookie: string, ids: number[], until: () => boolean) {
  const headers = { cookie, 'x-console-request': '1', 'sec-fetch-site': 'same-origin' };
  while (!until()) {
    const id = ids[Math.floor(Math.random() * ids.length)]!;
    const target =
      Math.random() < 0.5 ? `/skus?page=${1 + Math.floor(Math.random() * 5)}` : `/api/upstream/v1/skus/${id}`;
    const t0 = performance.now();
    try {
      const response = await fetch(`${consoleUrl}${target}`, { headers });
      const text = await response.text();
      pages.push({
        ms: performance.now() - t0,
        status: response.status,
        busy: response.status === 429 && text.includes('service_busy'),
        target: target.replace(/\d+/g, 'N'),
        error: response.ok ? undefined : text.slice(0, 80),
      });
    } catch (error) {
      pages.push({ ms: performance.now() - t0, status: null, busy: false, target, error: String(error) });
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

// ---------- The import, as the browser sends it ----------
async function consoleCall(consoleUrl: string, cookie: string, pathname: string, body?: unknown): Promise<Response> {
  const response = await fetch(`${consoleUrl}${pathname}`, {
    method: body === undefined && !pathname.endsWith('/start') ? 'GET' : 'POST',
    headers: {
      cookie,
      origin: consoleUrl,
      'content-type': 'application/json',
      'x-console-request': '1',
      'sec-fetch-site': 'same-origin',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return response;
}

async function startImport(consoleUrl: string, cookie: string, ids: number[]): Promise<string> {
  const created = await consoleCall(consoleUrl, cookie, '/api/imports', {
    family: 'prices',
    fileName: 'bench-prices.csv',
    encoding: 'utf-8',
    delimiter: ',',
    headers: ['skuId', 'price', 'sellPrice'],
    mapping: ['skuId', 'price', 'sellPrice'],
    totalRows: ROWS,
  });
  const { id } = (await created.json()) as { id: string };
  // Row n prices one of the demo seed's SKUs, each chunk of 200 in ascending id order: the service updates a
  // batch's SKUs in one transaction, so chunks in flight at once that lock shared SKUs in different orders would
  // deadlock the service's database (seen here with the SKUs in file order), which is not what is measured.
  const skuOf = (n: number) => {
    const chunk = Math.floor(n / 200);
    const own = Array.from({ length: 200 }, (_, j) => ids[(chunk * 200 + j) % ids.length]!).sort((a, b) => a - b);
    return own[n % 200]!;
  };
  let started = false;
  for (const [from, to] of uploadParts(ROWS)) {
    const rows = Array.from({ length: to - from }, (_, i) => {
      const n = from + i;
      const price = 100 + (n % 997);
      return {
        rowNo: n,
        line: n + 2,
        cells: [String(skuOf(n)), String(price), String(price - 5)],
        item: { skuId: skuOf(n), price, sellPrice: price - 5 },
        errors: [],
        warnings: [],
      };
    });
    await consoleCall(consoleUrl, cookie, `/api/imports/${id}/rows`, { rows });
    if (!started) {
      await consoleCall(consoleUrl, cookie, `/api/imports/${id}/start`);
      started = true;
    }
  }
  return id;
}

type Counts = Record<string, number>;
async function importState(consoleUrl: string, cookie: string, id: string) {
  const detail = (await (await consoleCall(consoleUrl, cookie, `/api/imports/${id}`)).json()) as {
    import: { counts: Counts };
    progress: { state: string; waitingForServiceSeconds?: number | null };
  };
  return detail;
}

async function main() {
  if (values.build || !existsSync(path.join(ROOT, DIST, 'BUILD_ID'))) {
    console.log(`Building the console into ${DIST} …`);
    await runCommand('npx', ['next', 'build'], { NEXT_DIST_DIR: DIST, NEXT_TELEMETRY_DISABLED: '1' });
  }
  process.env.NEXT_DIST_DIR = DIST;
  const load0 = loadavg();
  const postgres = await startPostgres();
  const children: ChildProcess[] = [];
  const consoles: ConsoleProcess[] = [];
  const seedDir = mkdtempSync(path.join(tmpdir(), 'bench-ratelimit-'));
  let closeHop: (() => Promise<void>) | undefined;
  try {
    // The demo seed, its console credential limited (contract §5 `rateLimitPerSecond`).
    const seed = JSON.parse(readFileSync(path.join(ROOT, 'service/seed/demo.json'), 'utf8')) as {
      tenants: { credentials: { clientId: string; rateLimitPerSecond?: number }[] }[];
    };
    for (const c of seed.tenants[0]!.credentials) if (c.clientId === CLIENT_ID) c.rateLimitPerSecond = LIMIT;
    const seedFile = path.join(seedDir, 'seed.json');
    writeFileSync(seedFile, JSON.stringify(seed));
    const serviceDb = await postgres.createDatabase();
    const consoleDb = await postgres.createDatabase();
    const service = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'service/cli.ts',
        '--seed',
        seedFile,
        '--database',
        serviceDb,
        '--port',
        String(SERVICE_PORT),
      ],
      { cwd: ROOT, detached: true, stdio: 'ignore' },
    );
    children.push(service);
    await waitUntilAnswers(`http://127.0.0.1:${SERVICE_PORT}/v1/skus`, 60_000);
    const ids = await skuIds();
    closeHop = await startHop();

    const env: Record<string, string> = {
      DATABASE_URL: consoleDb,
      UPSTREAM_BASE_URL: `http://127.0.0.1:${HOP_PORT}`,
      UPSTREAM_CLIENT_ID: CLIENT_ID,
      UPSTREAM_CLIENT_SECRET: SECRET,
      BETTER_AUTH_SECRET: 'bench-ratelimit-secret-of-at-least-thirty-two',
      MIRROR_INTERVAL_S: String(MIRROR_INTERVAL_S),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...(values.untold ? {} : { UPSTREAM_RATE_LIMIT_PER_SECOND: String(LIMIT) }),
    };
    consoles.push(await startConsole(PORTS[0], { ...env, JOBS_RUNNER: 'off' }));
    consoles.push(await startConsole(PORTS[1], { ...env, JOBS_RUNNER: 'off' }));
    const worker = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...env },
    });
    let workerLog = '';
    worker.stderr?.on('data', (c: Buffer) => (workerLog = (workerLog + c.toString()).slice(-4000)));
    children.push(worker);

    // The mirror's first copy of the SKUs, before anything is timed (lists read it).
    const db = new pg.Client({ connectionString: consoleDb });
    await db.connect();
    const skusPass = async () =>
      (
        await db.query<{ at: Date | null; lag: number | null }>(
          `select last_pass_at as at, extract(epoch from now() - last_pass_at)::float8 as lag
           from mirror_state where entity = 'skus'`,
        )
      ).rows[0] ?? { at: null, lag: null };
    for (let i = 0; !(await skusPass()).at; i++) {
      if (i > 600) throw new Error(`the mirror's first copy did not complete\n${workerLog}`);
      await new Promise((r) => setTimeout(r, 500));
    }

    const cookies: string[] = [];
    for (let k = 0; k < SESSIONS + 1; k++) cookies.push(await signInCookie(consoles[k % 2]!.url, 'admin@example.com'));
    let stopBrowsing = false;
    const browsing = cookies.slice(1).map((cookie, k) => browse(consoles[k % 2]!.url, cookie, ids, () => stopBrowsing));

    const t0 = performance.now();
    const importId = await startImport(consoles[0]!.url, cookies[0]!, ids);
    let state = await importState(consoles[0]!.url, cookies[0]!, importId);
    let sawWaiting = 0;
    while (['running', 'planning', 'uploading'].includes(state.progress.state)) {
      await new Promise((r) => setTimeout(r, 250));
      state = await importState(consoles[0]!.url, cookies[0]!, importId);
      if (state.progress.waitingForServiceSeconds) sawWaiting++;
    }
    const t1 = performance.now();
    const importSeconds = (t1 - t0) / 1000;
    const duringImport = sent.filter((s) => s.at >= t0 && s.at <= t1);
    const lagAtImportEnd = (await skusPass()).lag;

    // The mirror catches up on its own: a pass that began after the import ended completes.
    const ended = new Date();
    let caughtUpS: number | null = null;
    for (let i = 0; i < 240; i++) {
      const pass = await skusPass();
      if (pass.at && pass.at > ended) {
        caughtUpS = (performance.now() - t1) / 1000;
        break;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    const lagAtEnd = (await skusPass()).lag;
    stopBrowsing = true;
    await Promise.all(browsing);
    await db.end();
    const load1 = loadavg();

    const counts = state.import.counts;
    const applied = (counts.created ?? 0) + (counts.updated ?? 0) + (counts.ok ?? 0);
    const byKind = duringImport.reduce((m, s) => m.set(s.kind, (m.get(s.kind) ?? 0) + 1), new Map<string, number>());
    const floorS = duringImport.length / LIMIT;
    const writes = byKind.get('batch write') ?? 0;
    const throttled = sent.filter((s) => s.status === 429);
    const sorted = pages.map((p) => p.ms).sort((a, b) => a - b);
    const errors = pages.filter((p) => p.status === null || (p.status >= 400 && !p.busy));

    console.log(
      `\nrate limit ${LIMIT}/s (${values.untold ? 'not told to the console' : 'UPSTREAM_RATE_LIMIT_PER_SECOND set'}); two web instances and a worker on one Postgres; ${SESSIONS} sessions; mirror every ${MIRROR_INTERVAL_S} s`,
    );
    console.log(
      `rows by outcome: applied ${applied}, refused ${(counts.failed ?? 0) + (counts.not_sent ?? 0)} (failed ${counts.failed ?? 0}, not sent ${counts.not_sent ?? 0}), unknown ${counts.unknown ?? 0} of ${ROWS} (target ${ROWS} applied, 0, 0): ${applied === ROWS && !counts.unknown ? 'met' : 'NOT met'}`,
    );
    console.log(
      `import time ${importSeconds.toFixed(1)} s; requests the service received meanwhile ${duringImport.length} (${[...byKind].map(([k, n]) => `${k} ${n}`).join(', ')}); the limit's floor ${floorS.toFixed(1)} s; ratio ${(importSeconds / floorS).toFixed(2)} (target ≤ 1.25): ${importSeconds / floorS <= 1.25 ? 'met' : 'NOT met'}`,
    );
    console.log(
      `  the import's writes alone: ${writes} batch requests, floor ${(writes / LIMIT).toFixed(1)} s, ratio ${(importSeconds / (writes / LIMIT)).toFixed(2)}`,
    );
    console.log(
      `429s received: ${throttled.length} (of ${sent.length} requests in all; ${duringImport.filter((s) => s.status === 429).length} during the import); results page said "waiting for the service" on ${sawWaiting} polls`,
    );
    console.log(
      `mirror (SKUs): lag at the import's end ${lagAtImportEnd?.toFixed(1)} s; a pass begun after it completed ${caughtUpS?.toFixed(1) ?? 'never (60 s)'} s after; lag at the end ${lagAtEnd?.toFixed(1)} s (target ≤ ${MIRROR_INTERVAL_S} s): ${lagAtEnd !== null && lagAtEnd <= MIRROR_INTERVAL_S ? 'met' : 'NOT met'}`,
    );
    console.log(
      `sessions: ${pages.length} pages, p50 ${percentile(sorted, 50).toFixed(0)} ms, p95 ${percentile(sorted, 95).toFixed(0)} ms; "service busy" ${pages.filter((p) => p.busy).length}; errors ${errors.length} (target 0): ${errors.length === 0 ? 'met' : 'NOT met'}`,
    );
    for (const e of errors) console.log(`  error: ${e.status ?? 'no answer'} on ${e.target}: ${e.error}`);
    console.log(
      `machine load (1-min average): ${load0[0]!.toFixed(2)} before, ${load1[0]!.toFixed(2)} after, on ${cpus().length} cores`,
    );
  } finally {
    for (const c of consoles) await c.kill();
    signalGroups(children, 'SIGKILL');
    await closeHop?.();
    await postgres.stop();
    rmSync(seedDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
