import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '@/service';
import { testSeed } from '@/service/testing/fixtures';
import type { ConsoleDbConnection } from '../db/connect';
import type { ConsoleDatabase } from '../db/types';
import { consoleDbEngines, stopConsoleDbEngines } from '../jobs/testing/db-engines';
import { relayCounted } from './counted';
import { flood, tableSizes } from '../testing/relay-flood';
import { relayServer } from '../testing/relay-rig';
import { CLIENTS_PER_MINUTE } from './triage';

// The red-team probe of "a relay no stranger can fill" (issue 61): whoever reaches the console's port can send /v1
// calls without a credential. Over real HTTP to the relay, in front of the reference service as embedded mode
// reaches it (its fetch handler), recording into a real console database (PGlite and Postgres): a flood adds
// counts, a handful of rows, never a stored call per request, whatever client ids, signatures or body sizes it
// makes up.

const engines = consoleDbEngines();
afterAll(() => stopConsoleDbEngines());

const BODY = '[{"productId":1,"outerSysCode":"FLOOD","name":"flood"}]';
type Relay = Awaited<ReturnType<typeof relayServer>>;

describe.each(engines)('red-team probe: unsigned floods through the /v1 relay on $name', (engine) => {
  let service: Service;
  let relay: Relay;
  let connection: ConsoleDbConnection;
  let db: Kysely<ConsoleDatabase>;

  beforeAll(async () => {
    service = await createService({ memory: true, seed: testSeed() });
    ({ connection } = await engine.open());
    db = connection.db;
    relay = await relayServer(service, async () => db);
  }, 120_000);

  afterAll(async () => {
    await relay?.close();
    await connection?.close();
    await service?.close();
  });

  it('10,000 unsigned calls are answered 401 and add a handful of count rows, no stored call', async () => {
    const before = await tableSizes(db);
    const { statuses, minutes } = await flood(relay.url, 10_000, () => ({ headers: {}, body: BODY }));
    await relay.recorder.flush();
    expect(statuses).toEqual({ 401: 10_000 });
    const after = await tableSizes(db);
    expect(after.calls - before.calls).toBe(0);
    expect(after.rejections - before.rejections).toBe(0);
    expect(after.minutes - before.minutes).toBe(0);
    // One row per minute the flood ran in (client '' and status 401), each holding its calls.
    expect(after.counts - before.counts).toBeLessThanOrEqual(minutes);
    expect(after.counted - before.counted).toBe(10_000);
    const status = await relayCounted({ db });
    expect(status.refused).toBe(10_000);
    expect(status.rows).toEqual([
      expect.objectContaining({ clientId: '', status: 401, reason: 'refused', lastHour: 10_000 }),
    ]);
  }, 900_000);

  it('2,000 calls, each under its own made-up client id and signature, add at most 21 count rows a minute', async () => {
    const before = await tableSizes(db);
    const { statuses, minutes } = await flood(relay.url, 2_000, (i) => ({
      headers: {
        'x-client-id': `stranger-${i}-${'x'.repeat(i % 3 === 0 ? 5_000 : 0)}`,
        'x-timestamp': String(Math.floor(Date.now() / 1000)),
        'x-nonce': `nonce-${i}`,
        'x-signature': 'f'.repeat(64),
      },
      body: BODY,
    }));
    await relay.recorder.flush();
    expect(statuses).toEqual({ 401: 2_000 });
    const after = await tableSizes(db);
    expect(after.calls - before.calls).toBe(0);
    expect(after.counts - before.counts).toBeLessThanOrEqual((CLIENTS_PER_MINUTE + 1) * minutes);
    expect(after.counted - before.counted).toBe(2_000);
    // A client id is counted as at most 64 characters, however long the header.
    const { rows } = await sql<{ n: number }>`select max(length(client_id))::int as n from sync_call_count`.execute(db);
    expect(rows[0]!.n).toBeLessThanOrEqual(64);
  }, 600_000);

  it('bodies over the limit are refused by the relay itself, counted, and nothing of them kept', async () => {
    const before = await tableSizes(db);
    const big = `[${'"x",'.repeat((5 * 1024 * 1024) / 4)}"x"]`;
    const { statuses } = await flood(relay.url, 4, () => ({ headers: { 'x-client-id': 'big' }, body: big }));
    await relay.recorder.flush();
    expect(statuses).toEqual({ 413: 4 });
    const after = await tableSizes(db);
    expect(after.calls - before.calls).toBe(0);
    expect(after.counted - before.counted).toBe(4);
    // Under its client id, or '*' when the minute already holds 20 others (the test before made up 2,000).
    const rows = await db.selectFrom('sync_call_count').selectAll().where('status', '=', 413).execute();
    expect(rows.map((r) => [r.client_id === 'big' || r.client_id === '*', r.reason, r.calls])).toEqual([
      [true, 'refused', 4],
    ]);
  }, 300_000);

  it('with no upstream answering, calls of made-up client ids store at most the cap of 21 clients a minute', async () => {
    // A relay in front of a port nothing listens on: every call's outcome is unknown (502), which is stored (a
    // steward must know of it) up to the cap, then counted.
    const cap = 5;
    const dead = await relayServer('http://127.0.0.1:9', async () => db, cap);
    try {
      const before = await tableSizes(db);
      const { statuses, minutes } = await flood(dead.url, 600, (i) => ({
        headers: { 'x-client-id': `ghost-${i}` },
        body: BODY,
      }));
      await dead.recorder.flush();
      expect(statuses).toEqual({ 502: 600 });
      const after = await tableSizes(db);
      expect(after.calls - before.calls).toBeLessThanOrEqual((CLIENTS_PER_MINUTE + 1) * cap * minutes);
      expect(after.calls - before.calls + (after.counted - before.counted)).toBe(600);
      expect(after.minutes - before.minutes).toBeLessThanOrEqual((CLIENTS_PER_MINUTE + 1) * minutes);
    } finally {
      await dead.close();
    }
  }, 300_000);
});
