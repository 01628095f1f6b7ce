import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signRequest } from '@/lib/signing';
import { createService, type Service } from '@/service';
import { CREDS, IDS, testSeed } from '@/service/testing/fixtures';
import type { ConsoleDbConnection } from '../db/connect';
import type { ConsoleDatabase } from '../db/types';
import { consoleDbEngines, stopConsoleDbEngines } from '../jobs/testing/db-engines';
import { flood, tableSizes } from '../testing/relay-flood';
import { relayServer } from '../testing/relay-rig';

// The cap on stored calls (SYNC_LOG_CALLS_PER_MINUTE, issue 61) against an ERP's real traffic: signed calls over
// real HTTP to the relay, in front of the reference service as embedded mode reaches it, recording into a real
// console database (PGlite and Postgres). Every item that did not apply is kept whatever the rate; the calls the
// cap applies to (nothing in them to fix) are stored up to it per client and minute, and counted beyond it.

const engines = consoleDbEngines();
afterAll(() => stopConsoleDbEngines());

// Far below the default (SYNC_LOG_CALLS_PER_MINUTE, 600) so that however slow the machine, its minutes pass the cap:
// the flood's 600 calls arrive at hundreds a minute on a loaded two-core machine, and would still pass it at a tenth
// of that. (6,000 calls at a cap of 100 proved the same and took 15 minutes of a loaded test run.)
const CAP = 20;
const CALLS = 600;
const PATH = '/v1/skus/batch';
const item = (code: string, price = 100) => ({ productId: IDS.acme.product, outerSysCode: code, name: code, price });
const signedBody = async (items: unknown[]) => {
  const body = JSON.stringify(items);
  return { body, headers: await signRequest({ method: 'POST', pathAndQuery: PATH, body, ...CREDS.erp }) };
};

describe.each(engines)('the cap on stored relay calls on $name', (engine) => {
  let service: Service;
  let connection: ConsoleDbConnection;
  let db: Kysely<ConsoleDatabase>;
  const relays: Awaited<ReturnType<typeof relayServer>>[] = [];
  const relayWith = async (cap: number) => {
    const relay = await relayServer(service, async () => db, cap);
    relays.push(relay);
    return relay;
  };

  beforeAll(async () => {
    service = await createService({ memory: true, seed: testSeed() });
    ({ connection } = await engine.open());
    db = connection.db;
  }, 120_000);

  afterAll(async () => {
    for (const relay of relays) await relay.close();
    await connection?.close();
    await service?.close();
  });

  it(`of ${CALLS} signed calls, keeps every rejected item, and stores the others up to ${CAP} a minute`, async () => {
    const relay = await relayWith(CAP);
    const bad = (i: number) => i % 20 === 7;
    const code = (i: number) => `CAP-${i}`;
    const { statuses } = await flood(relay.url, CALLS, (i) => signedBody([item(code(i), bad(i) ? -1 : 100)]));
    await relay.recorder.flush();
    expect(statuses).toEqual({ 200: CALLS });

    const kept = await db.selectFrom('sync_rejection').select(['record_key', 'error_code']).execute();
    const wanted = Array.from({ length: CALLS }, (_, i) => i).filter(bad);
    expect(kept.map((r) => r.record_key).sort()).toEqual(wanted.map(code).sort());
    expect(new Set(kept.map((r) => r.error_code))).toEqual(new Set(['invalid_price']));

    // The calls with nothing to fix: at most the cap stored in any minute, the rest counted; none lost.
    const { rows } = await sql<{ stored: number }>`
      select count(*)::int as stored from sync_call where rejected_count = 0
      group by client_id, date_trunc('minute', received_at)`.execute(db);
    for (const { stored } of rows) expect(stored).toBeLessThanOrEqual(CAP);
    const sizes = await tableSizes(db);
    expect(sizes.calls + sizes.counted).toBe(CALLS);
    expect(sizes.counted).toBeGreaterThan(0);
    const counted = await db
      .selectFrom('sync_call_count')
      .select(['client_id', 'status', 'reason'])
      .distinct()
      .execute();
    expect(counted).toEqual([{ client_id: CREDS.erp.clientId, status: 200, reason: 'over_cap' }]);
  }, 300_000);

  it('an applied call over the cap still closes the open rejection of its record, as fixed by the ERP', async () => {
    const relay = await relayWith(0);
    const before = await tableSizes(db);
    await flood(relay.url, 1, () => signedBody([item('FIX-1', -1)]));
    await relay.recorder.flush();
    await flood(relay.url, 1, () => signedBody([item('FIX-1')]));
    await relay.recorder.flush();
    const rows = await db.selectFrom('sync_rejection').selectAll().where('record_key', '=', 'FIX-1').execute();
    expect(rows.map((r) => [r.error_code, r.closed_how])).toEqual([['invalid_price', 'erp']]);
    // The rejected call stored (cap 0 applies only to calls with nothing to fix), the applied one counted.
    const after = await tableSizes(db);
    expect([after.calls - before.calls, after.counted - before.counted]).toEqual([1, 1]);
  }, 120_000);
});
