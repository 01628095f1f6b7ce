// An entry point, as the server is: what it calls reaches the process's parts, which the runtime installs.
import '@/lib/server/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '@/service';
import type { ConsoleDbConnection } from '../db/connect';
import { createUpstreamClient, type UpstreamClient } from '../upstream';
import { SkewTracker } from '../upstream/skew';
import { limitedFetch } from '../jobs/limited-fetch';
import { JobRunner } from '../jobs/runner';
import { createJob, getJob } from '../jobs/store';
import { consoleDbEngines, stopConsoleDbEngines } from '../jobs/testing/db-engines';
import { readCreditPage, readPointPage } from './dashboard';
import { applyQuotaEdit, previewQuotaEdit } from './edit';
import { QUOTA_REFRESH, quotaRefreshJob, type RefreshParams } from './refresh-job';

// The refresh job and the edits against the reference service (demo seed, in-process, real signing), with
// the console database on PGlite, and on Postgres for the two-instance run.
const TENANT = 'demo';
const HOUR = 3_600_000;
let service: Service;

/** Reads of each company's quota per kind, counted where the service receives them. */
function countingFetch() {
  const reads = { credit: new Map<number, number>(), point: new Map<number, number>() };
  const fetch = async (request: Request) => {
    const m = /\/v1\/companies\/(\d+)\/(credit|point)-quota$/.exec(new URL(request.url).pathname);
    if (m && request.method === 'GET') {
      const map = reads[m[2] as 'credit' | 'point'];
      map.set(Number(m[1]), (map.get(Number(m[1])) ?? 0) + 1);
    }
    return service.fetch(request);
  };
  return { reads, fetch };
}

function clientFor(fetch: (r: Request) => Promise<Response>): UpstreamClient {
  return createUpstreamClient({
    baseUrl: 'http://embedded.invalid',
    clientId: 'demo-erp',
    clientSecret: 'demo-erp-secret',
    fetch: limitedFetch(fetch, { concurrency: 8 }),
    skew: new SkewTracker(),
  });
}

async function refresh(connection: ConsoleDbConnection, runners: JobRunner[], params: RefreshParams) {
  const id = await createJob(connection.db, { kind: QUOTA_REFRESH, tenant: TENANT, params, rerunExpired: true });
  for (const r of runners) r.start();
  const start = Date.now();
  while ((await getJob(connection.db, id))?.state !== 'succeeded') {
    if (Date.now() - start > 60_000)
      throw new Error(`refresh did not finish: ${JSON.stringify(await getJob(connection.db, id))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  await Promise.all(runners.map((r) => r.stop()));
  return (await getJob(connection.db, id))!;
}

const query = {
  tab: 'credit' as const,
  sort: 'availableAmount',
  dir: 'asc' as const,
  page: 1,
  pageSize: 25,
  filters: {},
};
const [pglite, postgres] = consoleDbEngines();
const opened: ConsoleDbConnection[] = [];
const SLOW = 180_000;

beforeAll(async () => {
  service = await createService({ memory: true, seed: 'service/seed/demo.json' });
});
afterAll(async () => {
  for (const c of opened) await c.close().catch(() => {});
  await service?.close();
  await stopConsoleDbEngines();
});

describe('quota snapshot refresh', () => {
  let connection: ConsoleDbConnection;
  let counting: ReturnType<typeof countingFetch>;
  let upstream: UpstreamClient;
  const runner = () =>
    new JobRunner({ db: connection.db, kinds: [quotaRefreshJob], upstream, pollMs: 20, flushMs: 10 });

  beforeAll(async () => {
    connection = (await pglite!.open()).connection;
    opened.push(connection);
    counting = countingFetch();
    upstream = clientFor(counting.fetch);
  });

  it(
    'reads every company once into the snapshot; the dashboards sort, filter and total it',
    async () => {
      const job = await refresh(connection, [runner()], { mode: 'full', maxAgeMs: HOUR });
      expect(job.progress).toMatchObject({ total: 220, done: 220, failed: 0 });
      expect(counting.reads.credit.size).toBe(220);
      expect([...counting.reads.credit.values(), ...counting.reads.point.values()].every((n) => n === 1)).toBe(true);

      const over = await readCreditPage(connection.db, TENANT, { ...query, filters: { overLimit: true } });
      expect(over.total).toBe(20);
      expect(over.rows.every((r) => r.availableAmount < 0)).toBe(true);
      expect(over.totals.overLimit).toBe(20);
      // "Needs attention" counts those with credit control on; the totals say how many of the 20 are not.
      expect(over.totals.overLimitControlOff).toBe(over.rows.filter((r) => !r.enabled).length);
      const on = await readCreditPage(connection.db, TENANT, { ...query, filters: { overLimit: true, enabled: true } });
      expect(on.total + over.totals.overLimitControlOff).toBe(20);

      const byUse = await readCreditPage(connection.db, TENANT, { ...query, sort: 'utilisation', dir: 'desc' });
      const uses = byUse.rows.map((r) => r.utilisation ?? -1);
      expect(uses).toEqual([...uses].sort((a, b) => b - a));
      expect(byUse.total).toBe(220);

      const points = await readPointPage(connection.db, TENANT, {
        ...query,
        tab: 'points',
        sort: 'balance',
        dir: 'desc',
      });
      expect(points.total).toBe(220);
      expect(points.rows[0]!.balance).toBeGreaterThanOrEqual(points.rows[1]!.balance);
    },
    SLOW,
  );

  it(
    'incremental: re-reads only companies changed since the last run and rows older than the maximum age',
    async () => {
      counting.reads.credit.clear();
      counting.reads.point.clear();
      const changed = await upstream.read('company', 7);
      const [renamed] = await upstream.batch('companies', [
        { id: 7, outerSysCode: changed.outerSysCode, name: `${changed.name ?? ''} (renamed)` },
      ]);
      expect(renamed?.status).toBe('updated');
      await connection.db
        .updateTable('quota_snapshot')
        .set({ credit_read_at: new Date(Date.now() - 2 * HOUR) })
        .where('company_id', '=', '9')
        .execute();
      await refresh(connection, [runner()], { mode: 'incremental', maxAgeMs: HOUR });
      expect([...counting.reads.credit.keys()].sort((a, b) => a - b)).toEqual([7, 9]);
    },
    SLOW,
  );

  it(
    'edits through the batch endpoint: old → new, applied, the row re-read; a change made meanwhile is a conflict',
    async () => {
      const [worst] = (await readCreditPage(connection.db, TENANT, { ...query, filters: { overLimit: true } })).rows;
      const before = worst!;
      const preview = await previewQuotaEdit(upstream, {
        tab: 'credit',
        companyIds: [before.companyId],
        changes: { amount: before.pendingAmount + 1000 },
      });
      expect(preview.rows[0]).toMatchObject({
        old: { amount: before.creditAmount },
        new: { amount: before.pendingAmount + 1000 },
        errors: [],
      });
      const outcomes = await applyQuotaEdit(upstream, connection.db, TENANT, { tab: 'credit', rows: preview.rows });
      expect(outcomes).toEqual([expect.objectContaining({ companyId: before.companyId, status: 'applied' })]);
      const after = (
        await readCreditPage(connection.db, TENANT, { ...query, filters: { companyId: before.companyId } })
      ).rows[0]!;
      expect(after.availableAmount).toBe(1000);
      expect(new Date(after.readAt).getTime()).toBeGreaterThan(new Date(before.readAt).getTime());

      // Someone else changes the memo between review and apply: nothing is sent for that company.
      const second = await previewQuotaEdit(upstream, {
        tab: 'credit',
        companyIds: [before.companyId],
        changes: { enabled: true },
      });
      await upstream.batch('creditQuotas', [
        { companyId: before.companyId, creditAmount: after.creditAmount, enabled: false, memo: 'changed elsewhere' },
      ]);
      expect(await applyQuotaEdit(upstream, connection.db, TENANT, { tab: 'credit', rows: second.rows })).toEqual([
        { companyId: before.companyId, status: 'conflict' },
      ]);

      // A value the contract refuses is flagged in the review with the contract's code, and never sent.
      const bad = await previewQuotaEdit(upstream, {
        tab: 'points',
        companyIds: [before.companyId],
        changes: { amount: -5 },
      });
      expect(bad.rows[0]!.errors).toEqual([{ field: 'balance', code: 'invalid_balance' }]);
    },
    SLOW,
  );
});

describe.skipIf(!postgres)('quota refresh from two console instances on one Postgres', () => {
  it(
    'reads each company once, both instances taking part',
    async () => {
      const { connection, connect } = await postgres!.open();
      const other = connect();
      opened.push(connection, other);
      const a = countingFetch();
      const b = countingFetch();
      // Each instance: its own pool, its own signing client, its own runner, as two processes would have.
      const runners = [
        new JobRunner({
          db: connection.db,
          kinds: [quotaRefreshJob],
          upstream: clientFor(a.fetch),
          owner: 'a',
          pollMs: 20,
          flushMs: 10,
        }),
        new JobRunner({
          db: other.db,
          kinds: [quotaRefreshJob],
          upstream: clientFor(b.fetch),
          owner: 'b',
          pollMs: 20,
          flushMs: 10,
        }),
      ];
      await refresh(connection, runners, { mode: 'full', maxAgeMs: HOUR });
      for (const kind of ['credit', 'point'] as const) {
        const all = new Map<number, number>();
        for (const { reads } of [a, b]) for (const [id, n] of reads[kind]) all.set(id, (all.get(id) ?? 0) + n);
        expect(all.size).toBe(220);
        expect([...all.values()].every((n) => n === 1)).toBe(true);
      }
      expect(a.reads.credit.size).toBeGreaterThan(0);
      expect(b.reads.credit.size).toBeGreaterThan(0);
    },
    SLOW,
  );
});
