import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '@/service';
import { CREDS, testSeed } from '@/service/testing/fixtures';
import type { ConsoleDatabase, ConsoleDbConnection } from '../../db';
import { limitedFetch } from '../../jobs';
import { consoleDbEngines, stopConsoleDbEngines } from '../../jobs/testing/db-engines';
import { createUpstreamClient, RateGate, type FetchImpl, type Priority } from '../../upstream';
import { SkewTracker } from '../../upstream/skew';
import { MIRROR_ENTITY_NAMES } from '../copy/entities';
import { mirrorPassJob } from './pass-job';
import { readState } from '../copy/state';
import { MirrorPasses } from '../../testing/mirror-passes';

// The mirror's passes on the job runtime: real job runners and schedules on a real console database (PGlite, and
// Postgres with a pool per instance when installed), against the reference service in-process with real signing.

let service: Service;
beforeAll(async () => {
  service = await createService({ memory: true, seed: testSeed() });
}, 60_000);
afterAll(async () => {
  await stopConsoleDbEngines();
  await service?.close();
});

const clientFor = (fetch: FetchImpl, creds: { clientId: string; secret: string } = CREDS.erp) =>
  createUpstreamClient({
    baseUrl: 'http://embedded.invalid',
    clientId: creds.clientId,
    clientSecret: creds.secret,
    fetch,
    skew: new SkewTracker(),
    retry: { attempts: 6 },
  });

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 60_000): Promise<void> {
  for (const end = Date.now() + timeoutMs; !(await check());) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const runs = async (db: Kysely<ConsoleDatabase>) =>
  (
    await sql<{ id: string; state: string }>`
      select id::text as id, state from job where kind = ${mirrorPassJob.name} order by id`.execute(db)
  ).rows;

describe.each(consoleDbEngines())('the mirror passes on the job runtime, $name', (engine) => {
  const opened: ConsoleDbConnection[] = [];
  afterAll(async () => {
    for (const c of opened) await c.close().catch(() => {});
  });

  it("never runs one resource's pass in two instances at once", async () => {
    const { connection, connect, url } = await engine.open();
    opened.push(connection);
    // On Postgres the second instance has a pool of its own, as another process would.
    const second = url ? connect() : connection;
    if (second !== connection) opened.push(second);
    // Each answer takes a little while, so the passes last long enough to overlap if nothing kept them apart.
    const slow = clientFor(async (request) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      return service.fetch(request);
    });
    const running = new Map<string, string>();
    const overlaps: string[] = [];
    const passesBy = new Map<string, number>();
    const watched = (owner: string): typeof mirrorPassJob => ({
      ...mirrorPassJob,
      async run(input, ctx) {
        const other = running.get(input.entity);
        if (other) overlaps.push(`${input.entity}: ${owner} while ${other}`);
        running.set(input.entity, owner);
        passesBy.set(owner, (passesBy.get(owner) ?? 0) + 1);
        try {
          return await mirrorPassJob.run(input, ctx);
        } finally {
          if (running.get(input.entity) === owner) running.delete(input.entity);
        }
      },
    });
    const options = { client: slow, tenant: 'acme', intervalMs: 50, sweepMs: 3_600_000 };
    const a = new MirrorPasses({ ...options, db: connection.db, owner: 'a', kind: watched('a') });
    const b = new MirrorPasses({ ...options, db: second.db, owner: 'b', kind: watched('b') });
    a.start();
    b.start();
    try {
      await until(
        async () => (await runs(connection.db)).filter((r) => r.state === 'succeeded').length >= 4,
        'four runs of the passes',
      );
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(overlaps).toEqual([]);
    // Both instances ran passes (different resources side by side), so the test did race them.
    expect(passesBy.get('a')).toBeGreaterThan(0);
    expect(passesBy.get('b')).toBeGreaterThan(0);
    // One run at a time: no two runs were ever active together (the job store's one active job).
    const { rows: units } = await sql<{ key: string; n: string }>`
      select u.key, count(*)::text as n from job_unit u join job j on j.id = u.job_id
      where j.kind = ${mirrorPassJob.name} and u.state = 'done' group by u.key order by u.key`.execute(connection.db);
    expect(units.map((u) => u.key)).toEqual([...MIRROR_ENTITY_NAMES].sort());
  }, 120_000);

  it('pauses a pass with every other request after a 429, and the pass resumes and completes', async () => {
    const { connection } = await engine.open();
    opened.push(connection);
    // The service's `limited` credential allows 2 requests a second and answers 429 with Retry-After past that.
    const sent: { at: number; status: number; mirror: boolean }[] = [];
    const transport = limitedFetch(
      async (request) => {
        const at = Date.now();
        const response = await service.fetch(request);
        sent.push({ at, status: response.status, mirror: request.headers.get('x-test-reader') === null });
        return response;
      },
      { concurrency: 4 },
    );
    // One rate gate for the process, as the runtime builds it (the limit not told): a 429 pauses every client.
    const gate = new RateGate({ perSecond: null, retryAfterMaxMs: 60_000 });
    const gated = (fetch: FetchImpl, priority: Priority) =>
      createUpstreamClient({
        baseUrl: 'http://embedded.invalid',
        clientId: CREDS.limited.clientId,
        clientSecret: CREDS.limited.secret,
        fetch,
        skew: new SkewTracker(),
        gate: { admit: (signal) => gate.admit(priority, signal), observe: (r) => gate.observe(r) },
        retry: { rateLimitedAttempts: Infinity },
      });
    const client = gated(transport, 'mirror');
    // Another job's reads on the same transport, at the same time: they use up the credential's allowance.
    const other = gated((request) => {
      request.headers.set('x-test-reader', 'other');
      return transport(request);
    }, 'jobs');
    const passes = new MirrorPasses({
      db: connection.db,
      client,
      tenant: 'acme',
      intervalMs: 3_600_000,
      sweepMs: 3_600_000,
    });
    passes.start();
    try {
      await Promise.all(Array.from({ length: 4 }, () => other.list('companies', { pageSize: 1 })));
      await until(async () => (await runs(connection.db)).some((r) => r.state === 'succeeded'), 'the run to end');
    } finally {
      await passes.stop();
    }
    const first429 = sent.find((s) => s.status === 429);
    expect(first429).toBeDefined();
    // Nobody sent during the pause: requests started after the 429 wait for its Retry-After (whole seconds).
    const after = sent.filter((s) => s.at > first429!.at + 50);
    expect(Math.min(...after.map((s) => s.at)) - first429!.at).toBeGreaterThanOrEqual(900);
    // The passes went on after it, and every resource's pass completed.
    expect(after.filter((s) => s.mirror && s.status === 200).length).toBeGreaterThan(0);
    for (const entity of MIRROR_ENTITY_NAMES) {
      const state = await readState(connection.db, entity);
      expect({ entity, complete: state.lastPassAt !== null && state.pass === null }).toEqual({
        entity,
        complete: true,
      });
    }
    const { rows } = await sql<{ state: string }>`
      select u.state from job_unit u join job j on j.id = u.job_id where j.kind = ${mirrorPassJob.name}`.execute(
      connection.db,
    );
    expect(rows.map((r) => r.state)).toEqual(MIRROR_ENTITY_NAMES.map(() => 'done'));
  }, 120_000);

  it('stops a pass at its page in flight on shutdown, and the next instance goes on from its saved page', async () => {
    const { connection } = await engine.open();
    opened.push(connection);
    const big = await createService({ memory: true, seed: testSeed() });
    try {
      await big.db.exec(`
        insert into skus (id, tenant_id, product_id, outer_sys_code, name, price, sell_price, status, inventory_qty)
        select g, (select id from tenants where key = 'acme'), 1, 'W' || g, 'Walk SKU ' || g, 1, 1, 'Active', 0
        from generate_series(50001, 53000) g;`);
      // The SKU pages (100 each) the mirror asked for, in order, and by which instance.
      const asked: { page: number; by: string }[] = [];
      const clientOf = (by: string) =>
        clientFor(async (request) => {
          const url = new URL(request.url);
          if (url.pathname === '/v1/skus') {
            asked.push({ page: Number(url.searchParams.get('page')), by });
            await new Promise((resolve) => setTimeout(resolve, 150));
          }
          return big.fetch(request);
        });
      const options = { db: connection.db, tenant: 'acme', intervalMs: 200, sweepMs: 3_600_000 };
      const first = new MirrorPasses({ ...options, client: clientOf('first'), owner: 'first' });
      first.start();
      let saved = 0;
      try {
        await until(async () => {
          const pass = (await readState(connection.db, 'skus')).pass;
          saved = pass?.mode === 'initial' ? pass.page : 0;
          return saved > 1;
        }, 'the first instance to save its progress');
      } finally {
        await first.stop();
      }
      const stoppedAt = asked.length;
      const kept = (await readState(connection.db, 'skus')).pass;
      expect(kept).toMatchObject({ mode: 'initial' });
      expect(kept!.page).toBeGreaterThanOrEqual(saved);
      const second = new MirrorPasses({ ...options, client: clientOf('second'), owner: 'second' });
      second.start();
      try {
        await until(async () => {
          const state = await readState(connection.db, 'skus');
          return state.watermark !== null && state.pass === null;
        }, 'the second instance to complete the first copy');
      } finally {
        await second.stop();
      }
      // Nothing was asked for by the stopped instance after its stop, and the other went on where it was saved.
      expect(asked.slice(stoppedAt).filter((a) => a.by === 'first')).toEqual([]);
      expect(asked.find((a) => a.by === 'second')?.page).toBe(kept!.page);
      const { rows } = await sql<{ n: string }>`select count(*)::text as n from mirror_sku`.execute(connection.db);
      const { totalCount } = await clientOf('check').list('skus', { pageSize: 1 });
      expect(Number(rows[0]!.n)).toBe(totalCount);
    } finally {
      await big.close();
    }
  }, 120_000);
});
