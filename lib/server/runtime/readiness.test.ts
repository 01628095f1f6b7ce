import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '@/service';
import { CREDS, testSeed } from '@/service/testing/fixtures';
import { postgresAvailable, startPostgres, type PostgresServer } from '@/service/testing/postgres';

/**
 * /api/ready's answer against a real Postgres and a real reference service over HTTP: it turns not ready within
 * 2 s when either goes away, ready again when it is back, and never names an address or a secret.
 */

let postgres: PostgresServer;
let databaseUrl = '';
let service: Service;
let server: Server;
let port = 0;
const SECRET = 'readiness-test-secret-of-at-least-32-chars';

function listen(): Promise<void> {
  server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
    const body = Buffer.concat(chunks);
    const response = await service.fetch(
      new Request(`http://${req.headers.host}${req.url}`, {
        method: req.method,
        headers,
        body: body.length ? body : undefined,
      }),
    );
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(await response.text());
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
}

beforeAll(async () => {
  if (!postgresAvailable()) return;
  postgres = await startPostgres();
  databaseUrl = await postgres.createDatabase();
  service = await createService({ memory: true, seed: testSeed() });
  await listen();
  port = (server.address() as AddressInfo).port;
  Object.assign(process.env, {
    DATABASE_URL: databaseUrl,
    UPSTREAM_BASE_URL: `http://127.0.0.1:${port}`,
    UPSTREAM_CLIENT_ID: CREDS.erp.clientId,
    UPSTREAM_CLIENT_SECRET: CREDS.erp.secret,
    BETTER_AUTH_SECRET: SECRET,
    JOBS_RUNNER: 'off',
    // Short, so "3 intervals without a complete pass" comes within the test; not 1 s, as the lag counts from a
    // pass's start and a loaded machine can take over 3 s for one round.
    MIRROR_INTERVAL_S: '3',
  });
  delete process.env.MIRROR;
  delete process.env.DEMO_MODE;
}, 180_000);

afterAll(async () => {
  const { runtime } = await import('.');
  await runtime().stop({ graceMs: 0 });
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await service?.close();
  await postgres?.stop();
});

/** What app/api/ready answers (its status and body are these, as they are). */
async function answer() {
  const { readiness } = await import('./readiness');
  const result = await readiness();
  return {
    status: result.ready ? 200 : 503,
    text: JSON.stringify({ status: result.ready ? 'ready' : 'not_ready', checks: result.checks }),
  };
}

async function secondsUntil(status: number, limitMs = 15_000): Promise<number> {
  const start = Date.now();
  for (;;) {
    if ((await answer()).status === status) return (Date.now() - start) / 1000;
    if (Date.now() - start > limitMs) throw new Error(`still not ${status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.skipIf(!postgresAvailable())('/api/ready', () => {
  it('follows the console database and the upstream, and names neither address nor secret', async () => {
    // The first answers open and migrate the console database, which can outlast a check's 1.5 s cap on a busy
    // machine: wait for ready before timing how fast it follows each dependency.
    await secondsUntil(200, 60_000);

    // The upstream goes away, and comes back on the same port.
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(await secondsUntil(503)).toBeLessThanOrEqual(2);
    const down = await answer();
    expect(JSON.parse(down.text)).toMatchObject({
      status: 'not_ready',
      checks: { upstream: 'unreachable', database: 'ok', jobs: 'off' },
    });
    await listen();
    expect(await secondsUntil(200)).toBeLessThanOrEqual(2);

    // The console database refuses connections (and drops the open ones), then takes them again.
    const admin = new pg.Client({ connectionString: postgres.url });
    await admin.connect();
    const name = new URL(databaseUrl).pathname.slice(1);
    try {
      await admin.query(`alter database ${pg.escapeIdentifier(name)} allow_connections false`);
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [name]);
      expect(await secondsUntil(503)).toBeLessThanOrEqual(2);
      const noDb = await answer();
      expect(JSON.parse(noDb.text)).toMatchObject({ checks: { database: 'unavailable' } });
      for (const text of [down.text, noDb.text]) {
        expect(text).not.toContain('127.0.0.1');
        expect(text).not.toContain(String(port));
        expect(text).not.toContain(CREDS.erp.secret);
        expect(text).not.toContain(SECRET);
        expect(text).not.toContain(name);
        expect(text).not.toMatch(/\bat .+:\d+:\d+/);
      }
      await admin.query(`alter database ${pg.escapeIdentifier(name)} allow_connections true`);
      expect(await secondsUntil(200)).toBeLessThanOrEqual(2);
    } finally {
      await admin.end();
    }
  }, 120_000);

  it('reports the mirror lag, and says degraded with 200 past 3 intervals without a complete pass', async () => {
    const { readyAnswer } = await import('./readiness');
    const { runtime } = await import('.');
    const { currentTenant, getJobsUpstream } = await import('../process');
    const { MirrorPasses } = await import('../testing/mirror-passes');
    // The passes a worker would run (this process runs none: JOBS_RUNNER=off), against the real service.
    const runner = new MirrorPasses({
      db: await runtime().consoleDb(),
      client: getJobsUpstream(),
      tenant: currentTenant(),
      intervalMs: 3_000,
      sweepMs: 3_600_000,
    });
    const roundStart = Date.now();
    expect(Object.values((await runner.round())!).filter((r) => 'error' in r)).toEqual([]);
    const roundS = (Date.now() - roundStart) / 1000;
    const fresh = await readyAnswer();
    expect(fresh).toMatchObject({
      status: 200,
      data: { status: 'ready', checks: { mirror: { status: 'ok', intervalS: 3 } } },
    });
    const mirror = fresh.data.checks.mirror as { lagS: number; entities: Record<string, number> };
    expect(mirror.lagS).toBeLessThanOrEqual(roundS + 1);
    expect(Object.keys(mirror.entities).sort()).toEqual([
      'bundles',
      'companies',
      'internalUsers',
      'productCategories',
      'products',
      'quotas',
      'skus',
    ]);

    // No pass for more than 3 intervals: degraded, and still 200 (the copy is shared; lists still serve it).
    const start = Date.now();
    let late = await readyAnswer();
    while (late.data.status !== 'degraded' && Date.now() - start < 20_000) {
      await new Promise((r) => setTimeout(r, 250));
      late = await readyAnswer();
    }
    expect(late).toMatchObject({
      status: 200,
      data: { status: 'degraded', checks: { mirror: { status: 'degraded' } } },
    });
    expect((late.data.checks.mirror as { lagS: number }).lagS).toBeGreaterThan(9);
    expect(Date.now() - start).toBeGreaterThan(1_000);

    // The next complete pass brings it back, with nobody doing anything else.
    await runner.round();
    expect(await readyAnswer()).toMatchObject({
      status: 200,
      data: { status: 'ready', checks: { mirror: { status: 'ok' } } },
    });
    await runner.stop();
  }, 60_000);

  it('answers 503 "stopping" as soon as the process is stopping', async () => {
    const { readyAnswer } = await import('./readiness');
    const { runtime } = await import('.');
    expect((await readyAnswer()).status).toBe(200);
    // What server.ts and the worker do on SIGTERM, first thing.
    const stopping = runtime().stopJobs({ graceMs: 0 });
    expect(await readyAnswer()).toEqual({
      status: 503,
      data: { status: 'not_ready', reason: 'stopping', checks: { jobs: 'off' } },
    });
    await stopping;
  });
});
