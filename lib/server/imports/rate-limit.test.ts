import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Service } from '@/service';
import { CREDS, IDS } from '@/service/testing/fixtures';
import type { ConsoleDatabase } from '../db/types';
import { limitedFetch } from '../jobs/limited-fetch';
import { JobRunner } from '../jobs/runner';
import { createJob, getJob } from '../jobs/store';
import { withServiceAndConsoleDb } from '../testing/console-parts';
import {
  createUpstreamClient,
  databaseBudget,
  RateGate,
  upstreamPausedForMs,
  type FetchImpl,
  type Priority,
} from '../upstream';
import { IMPORT_JOB_KINDS, importKindName } from './import-job';
import * as store from './store';
import { columnsImportMeta } from '../testing/import-files';

// A rate-limited upstream and the import job, on the real runtime: the reference service in-process (signed
// and verified as over HTTP), the console database on PGlite, the clients built as lib/server/process builds
// them (the rate gate on the database's shared schedule, a job's client waiting out 429s).

const TENANT = 'rate-limit-test';
let service: Service;
let db: Kysely<ConsoleDatabase>;
let runner: JobRunner | undefined;
withServiceAndConsoleDb((opened) => ({ service, db } = opened));

afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});

/** The clients of one console process, as lib/server/process/upstream.ts makes them, over `transport`. */
function clients(transport: FetchImpl, options: { perSecond: number | null; retryAfterMaxMs?: number }) {
  const retryAfterMaxMs = options.retryAfterMaxMs ?? 60_000;
  const gate = new RateGate({ perSecond: options.perSecond, retryAfterMaxMs, budget: databaseBudget(db, TENANT) });
  const client = (priority: Priority, fetch: FetchImpl) =>
    createUpstreamClient({
      baseUrl: 'http://service.invalid',
      clientId: CREDS.erp.clientId,
      clientSecret: CREDS.erp.secret,
      timeoutMs: 5_000,
      fetch,
      gate: { admit: (signal) => gate.admit(priority, signal), observe: (r) => gate.observe(r) },
      retry: priority === 'people' ? undefined : { rateLimitedAttempts: Infinity, maxRetryAfterMs: retryAfterMaxMs },
    });
  return {
    people: client('people', transport),
    jobs: client('jobs', limitedFetch(transport, { concurrency: 8 })),
  };
}

/** An import of `rows` price rows (one SKU each, absolute values), chunks of `chunk`, run by a runner. */
async function startPriceImport(jobs: ReturnType<typeof clients>['jobs'], rows: number, chunk: number) {
  const importId = await store.createImport(db, columnsImportMeta('prices', ['skuId', 'price'], rows), {
    id: 'u',
    email: 'u@example.com',
  });
  const skuIds = [IDS.acme.sku, IDS.acme.sku2];
  await store.appendRows(
    db,
    importId,
    'prices',
    Array.from({ length: rows }, (_, n) => ({
      rowNo: n,
      line: n + 2,
      cells: [String(n)],
      item: { skuId: skuIds[n % skuIds.length]!, price: 100 + n },
      errors: [],
      warnings: [],
    })),
  );
  const chunks = await store.assignChunks(db, importId, chunk);
  const jobId = await createJob(db, {
    kind: importKindName('prices'),
    tenant: TENANT,
    params: { importId, family: 'prices' },
    rerunExpired: true,
    units: Array.from({ length: chunks }, (_, c) => ({ key: String(c), input: { importId, chunk: c } })),
  });
  await store.markStarted(db, importId, jobId);
  runner = new JobRunner({ db, kinds: Object.values(IMPORT_JOB_KINDS), upstream: jobs, pollMs: 10, flushMs: 5 });
  runner.start();
  return { importId, jobId };
}

async function finished(jobId: string) {
  for (;;) {
    const job = await getJob(db, jobId);
    if (job && !['planning', 'running'].includes(job.state)) return job;
    await new Promise((r) => setTimeout(r, 20));
  }
}

const isBatch = (request: Request) => request.method !== 'GET' && request.url.endsWith('/batch');

describe('a rate-limited upstream', () => {
  it('a 429 is never a row outcome: every request refused once with Retry-After: 1 is sent again, every row applied', async () => {
    // The one fake: a wrapper that answers 429 to the first try of each request (keyed by its body), which the
    // real service cannot be made to do so exactly. The second try goes to the real service.
    const tries = new Map<string, number>();
    const transport: FetchImpl = async (request) => {
      if (!isBatch(request)) return service.fetch(request);
      const body = await request.clone().text();
      const n = (tries.get(body) ?? 0) + 1;
      tries.set(body, n);
      if (n === 1) return Response.json({ error: 'rate_limited' }, { status: 429, headers: { 'Retry-After': '1' } });
      return service.fetch(request);
    };
    const { jobs } = clients(transport, { perSecond: null });
    const { importId, jobId } = await startPriceImport(jobs, 12, 4);
    // While the job waits, the results page's figure says so (importStatus reads this for the tenant).
    let sawWaiting = false;
    const job = (async () => {
      for (let n = 0; n < 200 && !sawWaiting; n++) {
        sawWaiting = (await upstreamPausedForMs(db, TENANT)) > 0;
        await new Promise((r) => setTimeout(r, 10));
      }
      return finished(jobId);
    })();
    expect((await job).state).toBe('succeeded');
    await store.settle(db, importId);
    const rows = await store.listRows(db, importId, { limit: 100 });
    expect(rows.map((r) => r.status)).toEqual(Array(12).fill('updated'));
    // Three chunks, each sent exactly twice: once refused, once applied.
    expect([...tries.values()]).toEqual([2, 2, 2]);
    expect(sawWaiting).toBe(true);
  }, 30_000);

  it('stops, rows not sent (never failed), when Retry-After is over the ceiling', async () => {
    let sent = 0;
    const transport: FetchImpl = async (request) => {
      if (!isBatch(request)) return service.fetch(request);
      sent++;
      return Response.json({ error: 'rate_limited' }, { status: 429, headers: { 'Retry-After': '3600' } });
    };
    const { jobs } = clients(transport, { perSecond: null, retryAfterMaxMs: 2_000 });
    const { importId, jobId } = await startPriceImport(jobs, 4, 2);
    await finished(jobId);
    await store.settle(db, importId);
    const rows = await store.listRows(db, importId, { limit: 100 });
    expect(rows.map((r) => [r.status, r.errors.map((e) => e.code)])).toEqual(
      Array(4).fill(['not_sent', ['rate_limit_stopped']]),
    );
    expect(sent).toBe(2);
  }, 30_000);

  it("a page's request during a running import is sent ahead of the queued batch requests", async () => {
    // A held upstream: batch requests arrive and are held unanswered until released, so the import stays
    // running with more batch requests queued at the gate (4 a second, shared schedule in the database).
    const arrivals: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const transport: FetchImpl = async (request) => {
      if (isBatch(request)) {
        arrivals.push('batch');
        await released;
      } else arrivals.push(`read ${new URL(request.url).pathname}`);
      return service.fetch(request);
    };
    const { people, jobs } = clients(transport, { perSecond: 4 });
    const { jobId } = await startPriceImport(jobs, 20, 2);
    while (arrivals.length < 2) await new Promise((r) => setTimeout(r, 10));
    const before = arrivals.length;
    const page = await people.read('sku', IDS.acme.sku);
    expect(page.id).toBe(IDS.acme.sku);
    const at = arrivals.indexOf(`read /v1/skus/${IDS.acme.sku}`);
    // Sent next, or after the one batch request whose slot was already booked; 8 more were waiting.
    expect(at).toBeLessThanOrEqual(before + 1);
    release();
    expect((await finished(jobId)).state).toBe('succeeded');
    expect(arrivals.filter((a) => a === 'batch')).toHaveLength(10);
  }, 30_000);
});
