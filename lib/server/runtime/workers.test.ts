import { spawn, type ChildProcess } from 'node:child_process';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '@/service';
import { CREDS, testSeed } from '@/service/testing/fixtures';
import { serveOverHttp, type ServiceOverHttp } from '@/service/testing/http';
import { postgresAvailable, startPostgres, type PostgresServer } from '@/service/testing/postgres';
import { uploadParts } from '@/lib/imports/import-api';
import { companiesImportMeta, companyRow } from '../testing/import-files';

/**
 * The worker tier on Postgres: this process is a web instance with JOBS_RUNNER=off (it uploads and starts an
 * import of 20,000 rows through the console's own import functions, and runs no job), two `npm run worker`
 * processes send it to a reference service over HTTP. SIGTERM to the worker holding units: they are taken by
 * the other worker within 2 s (handed back, not left to their 30 s lease; the time is printed), and in the end
 * every row has one outcome and no row without an ERP code reached the service twice.
 */

const ROWS = 20_000;
const CHUNK = 200;
const GRACE_MS = 1_000;
/** The job runner's default lease (jobs/runner.ts): how long a unit nobody hands back waits to be taken. */
const LEASE_MS = 30_000;
/**
 * The bound on taking over (issue 28): the grace time plus a second for the hand-back, the NOTIFY and the
 * other worker's claim, which take tens of milliseconds on a quiet machine.
 */
const TAKEOVER_MS = 2_000;
/** The service holds each batch answer this long, so a chunk is in flight when the worker is stopped. */
const ANSWER_DELAY_MS = 150;

let postgres: PostgresServer;
let databaseUrl = '';
let service: Service;
let http: ServiceOverHttp;
const workers: { child: ChildProcess; exited: Promise<number | null>; log: () => string }[] = [];

const run = Date.now().toString(36).toUpperCase();
// Even chunks keyed by ERP code (idempotent upserts), odd chunks without one (each send creates a company).
const keyedRow = (n: number) => Math.floor(n / CHUNK) % 2 === 0;
const marker = (n: number) => (keyedRow(n) ? `K-${run}-${n}` : `U-${run}-${n}`);

beforeAll(async () => {
  if (!postgresAvailable()) return;
  postgres = await startPostgres();
  databaseUrl = await postgres.createDatabase();
  service = await createService({ memory: true, seed: testSeed() });
  http = await serveOverHttp(service, { holdMs: ANSWER_DELAY_MS });
  // This process is web instance 1: same database and upstream, no job runner.
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl,
    UPSTREAM_BASE_URL: http.baseUrl,
    UPSTREAM_CLIENT_ID: CREDS.erp.clientId,
    UPSTREAM_CLIENT_SECRET: CREDS.erp.secret,
    BETTER_AUTH_SECRET: 'workers-test-secret-of-at-least-32-characters',
    JOBS_RUNNER: 'off',
  });
  delete process.env.DEMO_MODE;
}, 180_000);

afterAll(async () => {
  for (const w of workers) w.child.kill('SIGKILL');
  const { runtime } = await import('.');
  await runtime()
    .stop({ graceMs: 0 })
    .catch(() => {});
  await http?.close();
  await service?.close();
  await postgres?.stop();
});

function startWorker() {
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/worker.ts'], {
    cwd: process.cwd(),
    // The upstream here is this test process's own PGlite service, slow on a busy machine: with the default 15 s a
    // chunk can time out and be re-sent by the client (allowed for keyed rows, and not a unit's send), which the
    // send count below would then miss. The mirror has nothing to do with this test and only adds upstream reads.
    env: {
      ...process.env,
      JOBS_RUNNER: 'on',
      JOBS_CONCURRENCY: '4',
      SHUTDOWN_GRACE_MS: String(GRACE_MS),
      UPSTREAM_TIMEOUT_MS: '120000',
      MIRROR: 'off',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const worker = { child, exited, log: () => log };
  workers.push(worker);
  return worker;
}

/**
 * Reads the units `owner` holds, sends SIGTERM to its process `pid` and times, per unit, how long until the stopped
 * worker no longer holds it (finished, or claimed by another instance), polling the database every 10 ms.
 */
async function observeTakeover(pid: number, owner: string): Promise<{ held: string[]; taken: Record<string, number> }> {
  const script = `
    import pg from 'pg';
    const { url, pid, owner, limitMs } = JSON.parse(process.argv[1]);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const held = await db.query("select id::text as id from job_unit where lease_owner = $1 and state = 'running'", [owner]);
    const ids = held.rows.map((r) => r.id);
    const taken = {};
    process.kill(pid, 'SIGTERM');
    const t0 = performance.now();
    while (Object.keys(taken).length < ids.length && performance.now() - t0 < limitMs) {
      const { rows } = await db.query(
        "select id::text as id from job_unit where id = any($1::bigint[]) and (state in ('done', 'failed') or (lease_owner is not null and lease_owner <> $2))",
        [ids, owner],
      );
      const ms = Math.round(performance.now() - t0);
      for (const r of rows) taken[r.id] ??= ms;
      await new Promise((r) => setTimeout(r, 10));
    }
    await db.end();
    console.log(JSON.stringify({ held: ids, taken }));
  `;
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', script, JSON.stringify({ url: databaseUrl, pid, owner, limitMs: LEASE_MS })],
    {
      cwd: process.cwd(),
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`the observer exited with ${code}: ${out}`);
  return JSON.parse(out) as { held: string[]; taken: Record<string, number> };
}

async function poll<T>(read: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() - start > timeoutMs)
      throw new Error(`timed out waiting for ${what}\n${workers.map((w) => w.log()).join('\n---\n')}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.skipIf(!postgresAvailable())('workers on Postgres', () => {
  it('a stopped worker hands its units to the other at once; every row ends with one outcome, no unkeyed row sent twice', async () => {
    const imports = await import('../imports');
    const { runtime } = await import('.');
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      const [a, b] = [startWorker(), startWorker()];
      const user = { id: 'u1', email: 'steward@example.com' };
      const id = await imports.createImport(companiesImportMeta(ROWS), user);
      // As the browser uploads (lib/client/imports/upload.ts): the first part, the start, then the rest.
      for (const [from, to] of uploadParts(ROWS)) {
        await imports.appendRows(
          id,
          Array.from({ length: to - from }, (_, i) => companyRow(from + i, marker(from + i), keyedRow(from + i))),
        );
        if (from === 0) await imports.startImport(id, user);
      }
      expect(runtime().jobsState).toBe('off');

      // Both workers at work: stop the one holding more running units, once 20 chunks are done.
      const pidOf = (owner: string) => Number(/^runner-(\d+)-/.exec(owner)?.[1]);
      const victim = await poll(
        async () => {
          const { rows } = await db.query<{ owner: string; n: string }>(
            `select lease_owner as owner, count(*) as n from job_unit where state = 'running' and lease_owner is not null group by lease_owner order by count(*) desc`,
          );
          const { rows: done } = await db.query<{ n: string }>(
            `select count(*) as n from job_unit where state = 'done'`,
          );
          if (rows.length < 2 || Number(done[0]!.n) < 20) return undefined;
          return rows[0]!.owner;
        },
        120_000,
        'both workers to run units',
      );
      const stopped = [a, b].find((w) => w.child.pid === pidOf(victim))!;
      const other = stopped === a ? b : a;
      // SIGTERM is sent, and the takeover timed, by a process of its own: this one serves the upstream on
      // PGlite, whose work holds its event loop for hundreds of milliseconds and would time it late.
      const { held, taken } = await observeTakeover(stopped.child.pid!, victim);
      expect(held.length).toBeGreaterThan(0);
      const times = Object.values(taken);
      const takenAfterMs = Math.max(...times);
      if (times.length < held.length) {
        const { rows } = await db.query(
          `select id, state, lease_owner, lease_until < now() as expired from job_unit where id = any($1::bigint[])`,
          [held],
        );
        throw new Error(
          `not all units taken within ${LEASE_MS} ms\nexit ${stopped.child.exitCode}; units ${JSON.stringify(rows)}; other ${other.child.pid}`,
        );
      }
      // Units it had not started go back at once (a NOTIFY wakes the other worker); those in flight finish or
      // are handed back when the grace time ends. Left to their lease they would wait LEASE_MS.
      console.log(
        `worker stopped holding ${held.length} units; first taken or finished ${Math.min(...times)} ms, all ${takenAfterMs} ms after SIGTERM (grace ${GRACE_MS} ms)`,
      );
      expect(takenAfterMs).toBeLessThan(TAKEOVER_MS);
      expect(await stopped.exited).toBe(0);
      const { rows: stillHeld } = await db.query(`select id from job_unit where lease_owner = $1`, [victim]);
      expect(stillHeld).toEqual([]);

      await poll(
        async () => {
          const status = await imports.importStatus(id);
          return status && !['planning', 'running', 'uploading'].includes(status.progress.state) ? status : undefined;
        },
        240_000,
        'the import to end',
      );
      expect(other.child.exitCode).toBeNull();

      // listRows answers at most 10,000 rows a page.
      const rows = [
        ...(await imports.listRows(id, { limit: ROWS / 2 })),
        ...(await imports.listRows(id, { afterRowNo: ROWS / 2 - 1, limit: ROWS / 2 })),
      ];
      expect(rows).toHaveLength(ROWS);
      expect(rows.filter((r) => !['created', 'updated', 'failed', 'unknown'].includes(r.status))).toEqual([]);
      const { rows: sends } = await db.query<{ row_no: number; sends: number }>(
        `select r.row_no, coalesce(c.sends, 0) as sends from import_row r left join import_chunk c on c.import_id = r.import_id and c.chunk = r.chunk where r.import_id = $1`,
        [id],
      );
      const sentCounts = new Map(sends.map((r) => [r.row_no, r.sends]));
      for (const row of rows) {
        const times = http.received.get(marker(row.rowNo)) ?? 0;
        // A send is counted before its bytes leave; one cut off on the way (the stopped worker's, on a loaded
        // machine) never reaches the service. So the service never sees more sends than the console counted, and
        // a row it never received is not claimed as applied.
        expect(times, `row ${row.rowNo}`).toBeLessThanOrEqual(sentCounts.get(row.rowNo) ?? 0);
        if (times === 0) expect(['failed', 'unknown'], `row ${row.rowNo} never received`).toContain(row.status);
        if (!keyedRow(row.rowNo)) expect(times, `unkeyed row ${row.rowNo} sent ${times} times`).toBeLessThanOrEqual(1);
        if (row.status === 'unknown') expect(keyedRow(row.rowNo)).toBe(false);
      }
    } finally {
      await db.end();
    }
  }, 600_000);
});
