import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConsoleDbConnection } from '../db/connect';
import type { UpstreamClient } from '../upstream';
import { defineJobKind, type JobKind } from './kind';
import { JobRunner } from './runner';
import { cancelJob, createJob, getJob, JobAlreadyActiveError, listUnits } from './store';
import { consoleDbEngines, stopConsoleDbEngines } from './testing/db-engines';

// The runtime against real databases (PGlite, and Postgres when installed). Units here do no /v1 call; the
// quota refresh test drives the same runtime against the reference service.
const upstream = {} as UpstreamClient;
const fast = { leaseMs: 600, pollMs: 20, flushMs: 10 };

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** A kind that records every run of a unit (key → runs), optionally waiting on a gate. */
function countingKind(
  name: string,
  options: { rerunExpired?: boolean; gate?: (key: string) => Promise<void>; fail?: (key: string) => boolean } = {},
) {
  const runs = new Map<string, number>();
  const kind: JobKind<{ n?: number }, { key: string }, { doubled: string }> = defineJobKind({
    name,
    rerunExpired: options.rerunExpired ?? true,
    async *plan(ctx) {
      const n = ctx.params.n ?? 0;
      for (let i = 0; i < n; i += 7)
        yield Array.from({ length: Math.min(7, n - i) }, (_, j) => ({
          key: String(i + j),
          input: { key: String(i + j) },
        }));
    },
    async run(input) {
      runs.set(input.key, (runs.get(input.key) ?? 0) + 1);
      await options.gate?.(input.key);
      if (options.fail?.(input.key)) return { ok: false, error: { code: 'bad_row' } };
      return { ok: true, result: { doubled: input.key + input.key } };
    },
  });
  return { kind, runs };
}

const engines = consoleDbEngines();
afterAll(() => stopConsoleDbEngines());

describe.each(engines)('job runtime on $name', (engine) => {
  const opened: ConsoleDbConnection[] = [];
  const open = async () => {
    const o = await engine.open();
    opened.push(o.connection);
    return o;
  };
  afterAll(async () => {
    for (const c of opened) await c.close().catch(() => {});
  });

  it('runs given units once, reports progress and results, and closes the job', async () => {
    const { connection } = await open();
    const { kind, runs } = countingKind('given', { fail: (k) => k === '3' });
    const units = Array.from({ length: 25 }, (_, i) => ({ key: String(i), input: { key: String(i) } }));
    const id = await createJob(connection.db, { kind: kind.name, tenant: 't', rerunExpired: true, units });
    const runner = new JobRunner({ db: connection.db, kinds: [kind], upstream, ...fast });
    runner.start();
    await until(async () => (await getJob(connection.db, id))?.state === 'succeeded');
    await runner.stop();
    const job = (await getJob(connection.db, id))!;
    expect(job.progress).toMatchObject({ total: 25, done: 24, failed: 1, cancelled: 0 });
    expect(job.progress.ratePerSecond).toBeGreaterThan(0);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(runs.size).toBe(25);
    const failed = await listUnits(connection.db, id, { states: ['failed'] });
    expect(failed).toEqual([expect.objectContaining({ key: '3', error: { code: 'bad_row' } })]);
    const done = await listUnits(connection.db, id, { limit: 2 });
    expect(done.map((u) => u.result)).toEqual([{ doubled: '00' }, { doubled: '11' }]);
  });

  it('records the last unit running at once, not after the flush interval: the job ends when its work does', async () => {
    const { connection } = await open();
    const { kind } = countingKind('last');
    const id = await createJob(connection.db, {
      kind: kind.name,
      tenant: 't',
      rerunExpired: true,
      units: [{ key: 'a', input: { key: 'a' } }],
    });
    // A flush interval far longer than the wait below: only the immediate record of the last unit ends the job in time.
    const runner = new JobRunner({ db: connection.db, kinds: [kind], upstream, ...fast, flushMs: 120_000 });
    runner.start();
    await until(async () => (await getJob(connection.db, id))?.state === 'succeeded', 10_000);
    await runner.stop();
  });

  it('records a unit that wrote with its outcome when the read-back of what it wrote throws', async () => {
    const { connection } = await open();
    const { kind: base } = countingKind('read-back');
    const kind = { ...base, written: (input: { key: string }) => ({ entity: 'skus', ids: [Number(input.key) + 1] }) };
    const units = Array.from({ length: 3 }, (_, i) => ({ key: String(i), input: { key: String(i) } }));
    const id = await createJob(connection.db, { kind: kind.name, tenant: 't', rerunExpired: true, units });
    const runner = new JobRunner({
      db: connection.db,
      kinds: [kind],
      upstream,
      ...fast,
      readBack: () => Promise.reject(new Error('list page failed')),
      storeReadBacks: async () => {
        throw new Error('nothing was read back to store');
      },
    });
    runner.start();
    await until(async () => (await getJob(connection.db, id))?.state === 'succeeded');
    await runner.stop();
    expect((await getJob(connection.db, id))!.progress).toMatchObject({ total: 3, done: 3, failed: 0 });
  });

  it('plans units in the background, and allows one active run per kind and tenant', async () => {
    const { connection } = await open();
    let open_ = true;
    const { kind, runs } = countingKind('planned', {
      gate: async () => {
        while (open_) await new Promise((r) => setTimeout(r, 10));
      },
    });
    const id = await createJob(connection.db, { kind: kind.name, tenant: 't', params: { n: 40 }, rerunExpired: true });
    const second = await createJob(connection.db, { kind: kind.name, tenant: 't', rerunExpired: true }).catch(
      (e: unknown) => e,
    );
    expect(second).toBeInstanceOf(JobAlreadyActiveError);
    expect((second as JobAlreadyActiveError).activeJobId).toBe(id);
    // Another tenant is a separate history.
    const other = await createJob(connection.db, {
      kind: kind.name,
      tenant: 'u',
      params: { n: 0 },
      rerunExpired: true,
    });
    const runner = new JobRunner({ db: connection.db, kinds: [kind], upstream, concurrency: 3, ...fast });
    runner.start();
    await until(async () => (await getJob(connection.db, id))!.progress.total === 40);
    // Bounded: never more than `concurrency` units run at once.
    expect([...runs.values()].length).toBeLessThanOrEqual(3);
    open_ = false;
    await until(async () => (await getJob(connection.db, id))?.state === 'succeeded');
    await until(async () => (await getJob(connection.db, other))?.state === 'succeeded');
    await runner.stop();
    expect(runs.size).toBe(40);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    // Finished: a new run may start.
    await createJob(connection.db, { kind: kind.name, tenant: 't', rerunExpired: true, units: [] });
  });

  it('cancels: pending units are never run, units in flight finish', async () => {
    const { connection } = await open();
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    const { kind, runs } = countingKind('cancelled', { gate: () => released });
    const units = Array.from({ length: 20 }, (_, i) => ({ key: String(i), input: { key: String(i) } }));
    const id = await createJob(connection.db, { kind: kind.name, tenant: 't', rerunExpired: true, units });
    const runner = new JobRunner({ db: connection.db, kinds: [kind], upstream, concurrency: 2, ...fast });
    runner.start();
    await until(async () => runs.size === 2);
    expect(await cancelJob(connection.db, id)).toBe(true);
    release();
    await runner.stop();
    const job = (await getJob(connection.db, id))!;
    expect(job.state).toBe('cancelled');
    expect(runs.size).toBe(2);
    expect(job.progress.done).toBe(2);
    // Claimed ahead but not started: handed back at stop, then cancelled by nobody: they stay pending of a
    // cancelled job and are never claimed.
    expect(
      job.progress.done + job.progress.cancelled + (job.progress.total - job.progress.done - job.progress.cancelled),
    ).toBe(20);
    const runner2 = new JobRunner({ db: connection.db, kinds: [kind], upstream, ...fast });
    runner2.start();
    await new Promise((r) => setTimeout(r, 200));
    await runner2.stop();
    expect(runs.size).toBe(2);
  });

  it('takes over a dead instance’s units after the lease; finished units are not run again', async () => {
    const { connection, connect } = await open();
    const stuck = new Set(['5', '6']);
    const { kind, runs } = countingKind('takeover', {
      gate: async (key) => {
        // The first instance hangs on these units, then "dies" with them claimed.
        if (stuck.has(key) && runs.get(key) === 1) await new Promise(() => {});
      },
    });
    const units = Array.from({ length: 12 }, (_, i) => ({ key: String(i), input: { key: String(i) } }));
    const id = await createJob(connection.db, { kind: kind.name, tenant: 't', rerunExpired: true, units });
    const a = new JobRunner({ db: connection.db, kinds: [kind], upstream, concurrency: 3, ...fast });
    a.start();
    await until(async () => (await getJob(connection.db, id))!.progress.done === 10);
    await a.stop({ abandon: true });
    const second = connect();
    if (second !== connection) opened.push(second);
    const b = new JobRunner({ db: second.db, kinds: [kind], upstream, ...fast });
    b.start();
    await until(async () => (await getJob(second.db, id))?.state === 'succeeded');
    await b.stop();
    expect(runs.get('5')).toBe(2);
    expect(runs.get('6')).toBe(2);
    expect([...runs.entries()].filter(([k]) => !stuck.has(k)).every(([, n]) => n === 1)).toBe(true);
  });

  it('never re-runs an interrupted unit of a write kind: it fails as outcome unknown', async () => {
    const { connection } = await open();
    const { kind, runs } = countingKind('write', {
      rerunExpired: false,
      gate: async (key) => {
        if (key === '1') await new Promise(() => {});
      },
    });
    const units = Array.from({ length: 3 }, (_, i) => ({ key: String(i), input: { key: String(i) } }));
    const id = await createJob(connection.db, { kind: kind.name, tenant: 't', rerunExpired: false, units });
    const a = new JobRunner({ db: connection.db, kinds: [kind], upstream, ...fast });
    a.start();
    await until(async () => (await getJob(connection.db, id))!.progress.done === 2);
    await a.stop({ abandon: true });
    const b = new JobRunner({ db: connection.db, kinds: [kind], upstream, ...fast });
    b.start();
    await until(async () => (await getJob(connection.db, id))?.state === 'succeeded');
    await b.stop();
    expect(runs.get('1')).toBe(1);
    expect(await listUnits(connection.db, id, { states: ['failed'] })).toEqual([
      expect.objectContaining({ key: '1', error: { code: 'outcome_unknown' } }),
    ]);
  });

  it.runIf(engine.name === 'postgres')(
    'two instances with their own pools share the units: each runs once',
    async () => {
      const { connection, connect } = await open();
      const other = connect();
      opened.push(other);
      const { kind, runs } = countingKind('shared', { gate: () => new Promise((r) => setTimeout(r, 2)) });
      const id = await createJob(connection.db, {
        kind: kind.name,
        tenant: 't',
        params: { n: 300 },
        rerunExpired: true,
      });
      const a = new JobRunner({ db: connection.db, kinds: [kind], upstream, owner: 'a', ...fast });
      const b = new JobRunner({ db: other.db, kinds: [kind], upstream, owner: 'b', ...fast });
      a.start();
      b.start();
      await until(async () => (await getJob(connection.db, id))?.state === 'succeeded');
      await Promise.all([a.stop(), b.stop()]);
      expect(runs.size).toBe(300);
      expect([...runs.values()].every((n) => n === 1)).toBe(true);
      // Both took part (SKIP LOCKED let them claim side by side).
      const owners = await sql<{
        n: string;
      }>`select count(*)::text as n from job_unit where job_id = ${id} and state = 'done'`.execute(connection.db);
      expect(Number(owners.rows[0]!.n)).toBe(300);
    },
  );
});
