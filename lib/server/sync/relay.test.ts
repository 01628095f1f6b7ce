import type { Kysely } from 'kysely';
import { register } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '@/service';
import { CREDS, IDS, testSeed } from '@/service/testing/fixtures';
import { postgresAvailable, startPostgres, type PostgresServer } from '@/service/testing/postgres';
import { migrateConsoleDb } from '../auth';
import { connectConsoleDb, type ConsoleDbConnection } from '../db/connect';
import type { ConsoleDatabase } from '../db/types';
import { openConsoleDb } from '../testing/console-parts';
import { recordRelayedCalls } from './store';
import { call, rawStatus, recordingUpstream, relayedCall, relayServer, signed } from '../testing/relay-rig';

// The relay over real HTTP between the ERP and a recording upstream in front of the reference service, recording
// into a real console database: PGlite, and Postgres (where two console instances share one database).

const sku = (code: string, extra: Record<string, unknown> = {}) => ({
  productId: IDS.acme.product,
  outerSysCode: code,
  name: `SKU ${code}`,
  ...extra,
});
const BAD: Record<number, Record<string, unknown>> = {
  2: { name: 'n'.repeat(300) },
  5: { productId: 999_999 },
  8: { price: -5 },
};
const tenItems = (prefix: string) => Array.from({ length: 10 }, (_, i) => sku(`${prefix}-${i}`, BAD[i]));

async function missed(): Promise<number> {
  const metric = register.getSingleMetric('console_relay_records_missed_total');
  const values = (await metric?.get())?.values ?? [];
  return values.reduce((sum, v) => sum + v.value, 0);
}

interface Engine {
  name: string;
  open(): Promise<{ connections: ConsoleDbConnection[]; stop(): Promise<void> }>;
}

let pg: PostgresServer | undefined;
const engines: Engine[] = [
  {
    name: 'PGlite',
    async open() {
      const conn = await openConsoleDb();
      return { connections: [conn], stop: () => conn.close() };
    },
  },
  ...(postgresAvailable()
    ? [
        {
          name: 'Postgres',
          async open() {
            pg = await startPostgres();
            const url = await pg.createDatabase();
            const connections = [connectConsoleDb({ url }), connectConsoleDb({ url })];
            const config = { secret: 'x'.repeat(40), baseURL: 'http://console.test' };
            await Promise.all(connections.map((c) => migrateConsoleDb(c.db, config)));
            return { connections, stop: () => pg!.stop() };
          },
        },
      ]
    : []),
];

describe.each(engines)('the /v1 relay recording on $name', (engine) => {
  let service: Service;
  let upstream: Awaited<ReturnType<typeof recordingUpstream>>;
  let relays: Awaited<ReturnType<typeof relayServer>>[];
  let opened: Awaited<ReturnType<Engine['open']>>;
  let db: Kysely<ConsoleDatabase>;
  let dbStopped = false;

  beforeAll(async () => {
    service = await createService({ memory: true, seed: testSeed() });
    upstream = await recordingUpstream(service);
    opened = await engine.open();
    db = opened.connections[0]!.db;
    relays = await Promise.all(opened.connections.map((c) => relayServer(upstream.url, async () => c.db)));
  }, 120_000);

  afterAll(async () => {
    for (const relay of relays ?? []) await relay.close();
    if (!dbStopped) for (const c of opened?.connections ?? []) await c.close().catch(() => {});
    if (!dbStopped) await opened?.stop().catch(() => {});
    await upstream?.close();
    await service?.close();
  });

  const relay = () => relays[0]!;
  const lastExchange = () => upstream.exchanges.at(-1)!;
  /** The relay's records of a signed request, found by the nonce it was signed with. */
  const callsOf = (request: { headers: Record<string, string> }) =>
    db.selectFrom('sync_call').selectAll().where('nonce', '=', request.headers['X-Nonce']!);

  it('relays a signed batch byte for byte both ways and records exactly the 3 items that did not apply', async () => {
    const request = await signed('POST', '/v1/skus/batch', tenItems('A'), CREDS.erp);
    const answer = await call(relay().url, request);
    const exchange = lastExchange();
    // What the upstream received is what the ERP sent: target, signing headers, body bytes; and it verified it.
    expect(exchange.received.target).toBe(request.path);
    expect(exchange.received.body.equals(Buffer.from(request.body))).toBe(true);
    const signing = {
      'x-client-id': 'X-Client-Id',
      'x-timestamp': 'X-Timestamp',
      'x-nonce': 'X-Nonce',
      'x-signature': 'X-Signature',
    };
    for (const [name, sent] of Object.entries(signing))
      expect(exchange.received.headers[name]).toBe(request.headers[sent]);
    expect(exchange.sent.status).toBe(200);
    // What the ERP received is what the upstream sent: status, body bytes, the headers that matter.
    expect(answer.status).toBe(exchange.sent.status);
    expect(answer.body.equals(exchange.sent.body)).toBe(true);
    expect(answer.headers.get('content-type')).toBe(exchange.sent.headers['content-type']);

    await relay().recorder.flush();
    const calls = await callsOf(request).execute();
    expect(
      calls.map((c) => [c.operation, c.status, c.outcome, c.item_count, c.applied_count, c.rejected_count]),
    ).toEqual([['POST /v1/skus/batch', 200, 'partial', 10, 7, 3]]);
    const rows = await db
      .selectFrom('sync_rejection')
      .selectAll()
      .where('call_id', '=', calls[0]!.id)
      .orderBy('item_index')
      .execute();
    expect(rows.map((r) => [r.item_index, r.record_key, r.error_code, r.errors])).toEqual([
      [2, 'A-2', 'name_too_long', ['name_too_long']],
      [5, 'A-5', 'invalid_product_id', ['invalid_product_id']],
      [8, 'A-8', 'invalid_price', ['invalid_price']],
    ]);
    expect(rows.map((r) => r.item)).toEqual([2, 5, 8].map((i) => tenItems('A')[i]));
  });

  it('answers 404 for what the contract does not name, without reaching the upstream', async () => {
    const before = upstream.exchanges.length;
    for (const path of ['/v1/../admin', '/v1/%2e%2e/admin', '/v1//skus/batch', '/v1/skus/01', '/v1/anything']) {
      expect([path, await rawStatus(relay().url, 'POST', path)]).toEqual([path, 404]);
    }
    expect((await call(relay().url, await signed('DELETE', '/v1/skus/1', undefined, CREDS.erp))).status).toBe(404);
    expect(upstream.exchanges.length).toBe(before);
  });

  it('passes the OpenAPI document through unsigned (the reference page reads it), and records no call', async () => {
    const before = upstream.exchanges.length;
    const answer = await call(relay().url, { method: 'GET', path: '/v1/openapi.json', headers: {}, body: '' });
    expect(answer.status).toBe(200);
    expect((JSON.parse(answer.body.toString()) as { openapi: string }).openapi).toBe('3.1.0');
    expect(upstream.exchanges.length).toBe(before + 1);
    expect(await rawStatus(relay().url, 'POST', '/v1/openapi.json')).toBe(404);
  });

  it('records a 5xx that came after the write applied as outcome unknown, claiming nothing', async () => {
    upstream.setFault('fail-after-apply');
    const request = await signed('POST', '/v1/skus/batch', [sku('U-1')], CREDS.erp);
    const answer = await call(relay().url, request);
    upstream.setFault('none');
    expect(answer.status).toBe(500);
    expect(answer.body.equals(lastExchange().sent.body)).toBe(true);
    await relay().recorder.flush();
    const row = await callsOf(request).executeTakeFirstOrThrow();
    expect([row.status, row.outcome, row.item_count, row.applied_count, row.rejected_count]).toEqual([
      500,
      'unknown',
      1,
      0,
      0,
    ]);
  });

  it('passes a 429 through with its Retry-After, and never retries it', async () => {
    // The limited credential may send 2 a second: of 6 at once, some are refused, whatever the windows' edges.
    const requests = await Promise.all(
      Array.from({ length: 6 }, (_, i) => signed('POST', '/v1/skus/batch', [sku(`L-${i}`)], CREDS.limited)),
    );
    const answers = await Promise.all(requests.map((request) => call(relay().url, request)));
    const limited = answers.find((a) => a.status === 429);
    expect(limited).toBeDefined();
    const exchange = upstream.exchanges.find((e) => e.sent.status === 429)!;
    expect(limited!.headers.get('retry-after')).toBe(exchange.sent.headers['retry-after']);
    expect(limited!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(upstream.exchanges.filter((e) => e.received.headers['x-client-id'] === CREDS.limited.clientId)).toHaveLength(
      6,
    );
  });

  it('counts a replayed nonce, refused by the upstream as a whole, instead of storing it', async () => {
    const refusedCount = async () => {
      const { calls } = await db
        .selectFrom('sync_call_count')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('calls'), eb.lit(0)).as('calls'))
        .where('client_id', '=', CREDS.erp.clientId)
        .where('status', '=', 401)
        .where('reason', '=', 'refused')
        .executeTakeFirstOrThrow();
      return Number(calls);
    };
    const before = await refusedCount();
    const request = await signed('POST', '/v1/skus/batch', [sku('N-1', { name: 'x'.repeat(300) })], CREDS.erp);
    expect((await call(relay().url, request)).status).toBe(200);
    const replay = await call(relay().url, request);
    expect(replay.status).toBe(401);
    await relay().recorder.flush();
    const calls = await callsOf(request).orderBy('id').execute();
    expect(calls.map((c) => [c.status, c.outcome, c.error_code, c.rejected_count])).toEqual([
      [200, 'partial', null, 1],
    ]);
    expect(await refusedCount()).toBe(before + 1);
  });

  it.runIf(engine.name === 'Postgres')(
    'records each call once with two console instances on one database',
    async () => {
      const first = await signed('POST', '/v1/skus/batch', [sku('T-1', { price: -1 })], CREDS.erp);
      const second = await signed('POST', '/v1/skus/batch', [sku('T-2', { price: -1 })], CREDS.erp);
      await Promise.all([call(relays[0]!.url, first), call(relays[1]!.url, second)]);
      await Promise.all(relays.map((r) => r.recorder.flush()));
      const nonces = [first.headers['X-Nonce']!, second.headers['X-Nonce']!];
      const calls = await db
        .selectFrom('sync_call')
        .select(['nonce', 'rejected_count'])
        .where('nonce', 'in', nonces)
        .execute();
      expect(calls.map((c) => c.nonce).sort()).toEqual([...nonces].sort());
      const rows = await db
        .selectFrom('sync_rejection')
        .select('record_key')
        .where('record_key', 'in', ['T-1', 'T-2'])
        .execute();
      expect(rows.map((r) => r.record_key).sort()).toEqual(['T-1', 'T-2']);
      // The same call stored by both instances at once (an upload of a log the relay also saw): one row.
      const same = { ...relayedCall(first), receivedAt: new Date() };
      await Promise.all(opened.connections.map((c) => recordRelayedCalls(c.db, [same])));
      const stored = await db.selectFrom('sync_call').select('id').where('received_at', '=', same.receivedAt).execute();
      expect(stored).toHaveLength(1);
    },
  );

  it('still answers the ERP at once with the console database stopped, and counts the record it missed', async () => {
    await opened.stop();
    dbStopped = true;
    const before = await missed();
    const request = await signed('POST', '/v1/skus/batch', [sku('D-1')], CREDS.erp);
    const answer = await call(relay().url, request);
    expect(answer.status).toBe(200);
    expect(answer.body.equals(lastExchange().sent.body)).toBe(true);
    await relay().recorder.flush();
    expect(await missed()).toBe(before + 1);
  });
});
