import { expect, test } from './fixtures/test';
import pg from 'pg';
import { postgresAvailable, startPostgres, type PostgresServer } from '@/service/testing/postgres';
import {
  signInCookie,
  startConsole,
  startCountingService,
  startRefresh,
  type ConsoleProcess,
  type CountingService,
} from './support/console-process';

// The job runtime across real console processes on one Postgres: no page involved. Each test starts its own
// consoles on ports next to E2E_PORT, with a reference service in this process counting every quota read.
test.skip(!postgresAvailable(), 'needs PostgreSQL binaries');
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const basePort = Number(process.env.E2E_PORT ?? 3900);
const COMPANIES = 220;
let postgres: PostgresServer;
let service: CountingService;
const consoles: ConsoleProcess[] = [];

test.beforeAll(async () => {
  postgres = await startPostgres();
});
test.afterAll(async () => {
  for (const c of consoles) await c.kill();
  await service?.close();
  await postgres?.stop();
});

function consoleEnv(databaseUrl: string, more: Record<string, string> = {}): Record<string, string> {
  return {
    ...more,
    DATABASE_URL: databaseUrl,
    UPSTREAM_BASE_URL: service.url,
    UPSTREAM_CLIENT_ID: 'demo-erp',
    UPSTREAM_CLIENT_SECRET: 'demo-erp-secret',
    BETTER_AUTH_SECRET: 'e2e-jobs-secret-of-at-least-thirty-two-chars',
  };
}

async function waitForJob(db: pg.Client, jobId: string, state: string, timeoutMs = 120_000) {
  const start = Date.now();
  for (;;) {
    const { rows } = await db.query<{ state: string }>('select state from job where id = $1', [jobId]);
    if (rows[0]?.state === state) return;
    if (Date.now() - start > timeoutMs) throw new Error(`job ${jobId} is ${rows[0]?.state}, not ${state}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

test('a console killed mid-refresh resumes on its next start, with no visitor, without reading finished companies again', async () => {
  service = await startCountingService({ delayMs: 80 });
  const url = await postgres.createDatabase();
  const db = new pg.Client({ connectionString: url });
  // Claims that lapse 5 s after the last renewal (30 s by default), so the next start takes up the dead process's
  // units after 5 s rather than sitting out the default; the units are renewed every third of it meanwhile.
  const lease = { JOBS_LEASE_S: '5' };
  const first = await startConsole(basePort + 1, consoleEnv(url, lease));
  consoles.push(first);
  const jobId = await startRefresh(first.url, await signInCookie(first.url, 'admin@example.com'));
  await db.connect();
  try {
    // Kill the process (SIGKILL to its group) once part of the companies are done.
    await expect
      .poll(
        async () =>
          Number(
            (await db.query(`select count(*) from job_unit where job_id = $1 and state = 'done'`, [jobId])).rows[0]
              .count,
          ),
        { timeout: 60_000, intervals: [100] },
      )
      .toBeGreaterThanOrEqual(30);
    await first.kill();
    const { rows: doneRows } = await db.query<{ key: string }>(
      `select key from job_unit where job_id = $1 and state = 'done'`,
      [jobId],
    );
    const doneAtKill = new Set(doneRows.map((r) => Number(r.key)));
    expect(doneAtKill.size).toBeLessThan(COMPANIES);
    service.reads.credit.clear();
    service.reads.point.clear();

    // The next start gets no request at all: instrumentation wakes the runner, which resumes the job (the
    // units the dead process held come back when their lease expires).
    const second = await startConsole(basePort + 1, consoleEnv(url, lease));
    consoles.push(second);
    await waitForJob(db, jobId, 'succeeded');
    const readAfter = new Set([...service.reads.credit.keys(), ...service.reads.point.keys()]);
    expect([...readAfter].filter((id) => doneAtKill.has(id))).toEqual([]);
    const { rows } = await db.query(`select count(*)::int as n from job_unit where job_id = $1 and state = 'done'`, [
      jobId,
    ]);
    expect(rows[0].n).toBe(COMPANIES);
    const snapshot = await db.query(
      `select count(*)::int as n from quota_snapshot where credit_read_at is not null and point_read_at is not null`,
    );
    expect(snapshot.rows[0].n).toBe(COMPANIES);
    await second.stop();
  } finally {
    await db.end();
    await service.close();
  }
});

test('two consoles on one Postgres share a refresh: each company is read once, by one of them', async () => {
  service = await startCountingService({ delayMs: 30 });
  const url = await postgres.createDatabase();
  const [a, b] = await Promise.all([
    startConsole(basePort + 2, consoleEnv(url)),
    startConsole(basePort + 3, consoleEnv(url)),
  ]);
  consoles.push(a!, b!);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const jobId = await startRefresh(a!.url, await signInCookie(a!.url, 'admin@example.com'));
    // A second start, on the other instance, joins the running job instead of starting another.
    const again = await fetch(`${b!.url}/api/quotas/refresh`, {
      method: 'POST',
      headers: {
        cookie: await signInCookie(b!.url, 'admin@example.com'),
        origin: b!.url,
        'content-type': 'application/json',
        'x-console-request': '1',
      },
      body: JSON.stringify({ mode: 'full' }),
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as { jobId: string }).jobId).toBe(jobId);

    await waitForJob(db, jobId, 'succeeded');
    for (const reads of [service.reads.credit, service.reads.point]) {
      expect(reads.size).toBe(COMPANIES);
      expect([...reads.values()].filter((n) => n !== 1)).toEqual([]);
    }
    const { rows } = await db.query(`select count(distinct finished_by)::int as n from job_unit where job_id = $1`, [
      jobId,
    ]);
    expect(rows[0].n).toBe(2);
  } finally {
    await db.end();
    await a!.stop();
    await b!.stop();
  }
});
