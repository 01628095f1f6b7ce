import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsoleAuth } from '../auth';
import { ensureAccounts } from '../auth/bootstrap';
import { SIGN_IN_LIMIT } from '../auth/options';
import { createJob } from '../jobs/store';
import { consoleDbEngines, stopConsoleDbEngines } from '../jobs/testing/db-engines';
import { createUpstreamClient, SkewTracker } from '../upstream';
import { metricsEndpoint } from './endpoint';

// The /api/metrics handler over the real console database (PGlite, and Postgres when its binaries exist),
// with the real better-auth and upstream client producing the counts.
const TOKEN = 'metrics-token-0123456789';
const scrape = (handler: (r: Request) => Promise<Response>, authorization?: string) =>
  handler(new Request('http://console.test/api/metrics', { headers: authorization ? { authorization } : {} }));

/** The value of one sample line (`name{labels} value`), or null when absent. */
function sample(text: string, line: string): number | null {
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : null;
}

afterAll(async () => {
  await stopConsoleDbEngines();
});

describe('GET /api/metrics', () => {
  it('does not exist without METRICS_TOKEN and refuses a missing or wrong token', async () => {
    const db = async () => {
      throw new Error('not read');
    };
    const off = metricsEndpoint(() => null, { db, poolUse: () => null });
    expect((await scrape(off, `Bearer ${TOKEN}`)).status).toBe(404);
    const on = metricsEndpoint(() => TOKEN, { db, poolUse: () => null });
    expect((await scrape(on)).status).toBe(401);
    expect((await scrape(on, `Bearer ${TOKEN}x`)).status).toBe(401);
    expect((await scrape(on, TOKEN)).status).toBe(401);
  });

  for (const engine of consoleDbEngines()) {
    describe(`on ${engine.name}`, () => {
      let opened: Awaited<ReturnType<typeof engine.open>>;
      let handler: (r: Request) => Promise<Response>;
      beforeAll(async () => {
        opened = await engine.open();
        handler = metricsEndpoint(() => TOKEN, {
          db: async () => opened.connection.db,
          poolUse: () => opened.connection.poolUse?.() ?? null,
        });
      });
      afterAll(async () => {
        await opened?.connection.close();
      });

      it('reports job units pending and the oldest one’s age per kind, read from the job tables', async () => {
        const kind = `metrics-${engine.name}`;
        await createJob(opened.connection.db, {
          kind,
          tenant: 't',
          rerunExpired: true,
          units: [1, 2, 3].map((n) => ({ key: String(n), input: { n } })),
        });
        const response = await scrape(handler, `Bearer ${TOKEN}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
        const text = await response.text();
        expect(sample(text, `console_job_units_pending{kind="${kind}"}`)).toBe(3);
        expect(sample(text, `console_job_oldest_pending_seconds{kind="${kind}"}`)).toBeGreaterThanOrEqual(0);
        const total = sample(text, 'console_db_pool_connections{state="max"}');
        if (engine.name === 'postgres') expect(total).toBe(10);
        else expect(total).toBeNull();
      });

      it("reports the mirror's lag per resource: seconds since its last completed pass", async () => {
        await sql`insert into mirror_state (entity, last_pass_at, last_pass_finished_at)
          values ('skus', now() - interval '95 seconds', now() - interval '90 seconds')
          on conflict (entity) do update
          set last_pass_at = excluded.last_pass_at, last_pass_finished_at = excluded.last_pass_finished_at`.execute(
          opened.connection.db,
        );
        const text = await (await scrape(handler, `Bearer ${TOKEN}`)).text();
        expect(sample(text, 'console_mirror_lag_seconds{resource="skus"}')).toBeGreaterThanOrEqual(90);
        expect(sample(text, 'console_mirror_lag_seconds{resource="skus"}')).toBeLessThan(120);
      });

      it('counts wrong passwords and the sign-ins a limit refused', async () => {
        const config = { secret: 'm'.repeat(40), baseURL: 'http://console.test', demoMode: true };
        const auth = createConsoleAuth(opened.connection.db, config);
        await ensureAccounts(auth, opened.connection.db, { demoMode: true, initialAdmin: null });
        const before = await scrape(handler, `Bearer ${TOKEN}`).then((r) => r.text());
        for (let i = 0; i <= SIGN_IN_LIMIT.max; i++) {
          await auth.handler(
            new Request('http://console.test/api/auth/sign-in/email', {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                origin: 'http://console.test',
                'x-console-client-address': '192.0.2.9',
              },
              body: JSON.stringify({ email: `nobody-${i}@example.com`, password: 'wrong-password' }),
            }),
          );
        }
        const after = await scrape(handler, `Bearer ${TOKEN}`).then((r) => r.text());
        const delta = (line: string) => (sample(after, line) ?? 0) - (sample(before, line) ?? 0);
        expect(delta('console_sign_in_failures_total')).toBe(SIGN_IN_LIMIT.max);
        expect(delta('console_sign_in_limited_total{limit="address"}')).toBe(1);
      });
    });
  }

  it('counts upstream errors by kind: 5xx, refused signature, timeout, unreachable', async () => {
    const handler = metricsEndpoint(() => TOKEN, {
      db: async () => {
        throw new Error('not read');
      },
      poolUse: () => null,
    });
    const read = async () => (await scrape(handler, `Bearer ${TOKEN}`).catch(() => null))?.text() ?? '';
    // Faults the reference service cannot produce on demand: a 503, a 401 without a Date header, no answer.
    const answers: Record<string, () => Promise<Response>> = {
      '5xx': async () => new Response('{"error":"down"}', { status: 503 }),
      refused_signature: async () => new Response('{"error":"unauthorized"}', { status: 401 }),
      timeout: () => new Promise(() => {}),
      unreachable: async () => {
        throw new TypeError('fetch failed');
      },
    };
    for (const [kind, answer] of Object.entries(answers)) {
      const client = createUpstreamClient({
        baseUrl: 'http://upstream.test',
        clientId: 'c',
        clientSecret: 's',
        fetch: answer,
        timeoutMs: 50,
        skew: new SkewTracker(),
      });
      const line = `console_upstream_errors_total{kind="${kind}"}`;
      const before = sample(await read(), line) ?? 0;
      await client.send({ method: 'GET', pathAndQuery: '/v1/companies' }).catch(() => null);
      expect(sample(await read(), line), kind).toBe(before + 1);
    }
  });
});
