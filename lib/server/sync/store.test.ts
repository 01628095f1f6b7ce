import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '@/service';
import { CREDS, IDS } from '@/service/testing/fixtures';
import type { ConsoleDatabase } from '../db/types';
import { withServiceAndConsoleDb } from '../testing/console-parts';
import { erpCall } from '../testing/erp-call';
import { relayLastHour } from './last-hour';
import { recordRelayedCall, type RelayedCall } from './store';

// The relay's records from the reference service's real answers (in-process, test seed) on PGlite: a batch with
// bad items becomes one call and its rejections; a later applied write of the same record closes them ('erp').

let service: Service;
let db: Kysely<ConsoleDatabase>;
withServiceAndConsoleDb((parts) => ({ service, db } = parts));
/** The signing headers of the last call sent, to replay it. */
let lastHeaders: Record<string, string> = {};

/** Sends a signed write to the service and returns what the relay would record of it, bodies as the bytes it read. */
async function send(method: string, path: string, body: unknown, at = new Date()): Promise<RelayedCall> {
  const { call, headers } = await erpCall(service, method, path, body, at);
  lastHeaders = headers;
  const bytes = (text: RelayedCall['requestBody']) => new TextEncoder().encode(String(text));
  return { ...call, requestBody: bytes(call.requestBody), responseBody: bytes(call.responseBody) };
}

const sku = (code: string, extra: Record<string, unknown> = {}) => ({
  productId: IDS.acme.product,
  outerSysCode: code,
  name: `SKU ${code}`,
  ...extra,
});

const rejections = () => db.selectFrom('sync_rejection').selectAll().orderBy('id').execute();

describe('recordRelayedCall', () => {
  let batch: RelayedCall;
  beforeAll(async () => {
    batch = await send(
      'POST',
      '/v1/skus/batch',
      [
        sku('R-1'),
        sku('R-2', { name: 'n'.repeat(300) }),
        sku('R-3'),
        sku('R-4', { productId: 999_999 }),
        sku('R-5', { price: -1 }),
      ],
      new Date(Date.now() - 60_000),
    );
  });

  it('stores a partial batch as one call and exactly its failed items, as sent, with their errors', async () => {
    await recordRelayedCall(batch, db);
    const calls = await db.selectFrom('sync_call').selectAll().execute();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      source: 'relay',
      client_id: CREDS.erp.clientId,
      operation: 'POST /v1/skus/batch',
      family: 'skus',
      status: 200,
      outcome: 'partial',
      item_count: 5,
      applied_count: 2,
      rejected_count: 3,
      nonce: batch.nonce,
    });
    const rows = await rejections();
    expect(rows.map((r) => [r.item_index, r.record_key, r.error_code, r.error_field, r.closed_at])).toEqual([
      [1, 'R-2', 'name_too_long', 'name', null],
      [3, 'R-4', 'invalid_product_id', 'productId', null],
      // invalid_price names no field: the price sent out of range (-1) is the one.
      [4, 'R-5', 'invalid_price', 'price', null],
    ]);
    expect(rows[0]!.item).toEqual(sku('R-2', { name: 'n'.repeat(300) }));
    expect(rows[0]!.errors).toEqual(['name_too_long']);
  });

  it('records the same call once, however often it is stored', async () => {
    await recordRelayedCall(batch, db);
    expect(await db.selectFrom('sync_call').select('id').execute()).toHaveLength(1);
    expect(await rejections()).toHaveLength(3);
  });

  it("closes the rejections of records a later call applied, as fixed by the ERP, on the records' History", async () => {
    const fixed = await send('POST', '/v1/skus/batch', [sku('R-4'), sku('R-2')]);
    await recordRelayedCall(fixed, db);
    const ids = (JSON.parse(Buffer.from(fixed.responseBody!).toString()) as { items: { id: number }[] }).items.map(
      (i) => String(i.id),
    );
    const { rows: history } = await sql<{ record_id: string; action: string; user_id: string; value: unknown }>`
      select c.record_id, c.action, a.user_id, c.finding -> 'values' ->> 'error' as value
      from audit_change c join audit_log a on a.id = c.audit_id where c.source = 'sync' order by c.record_id`.execute(
      db,
    );
    expect(history).toEqual(
      [
        { record_id: ids[0], action: 'erp', user_id: 'outside', value: 'invalid_product_id' },
        { record_id: ids[1], action: 'erp', user_id: 'outside', value: 'name_too_long' },
      ].sort((a, b) => a.record_id!.localeCompare(b.record_id!)),
    );
    await recordRelayedCall(await send('PUT', `/v1/skus/${IDS.acme.sku2}`, { price: 1 }), db);
    const rows = await rejections();
    expect(rows.map((r) => [r.record_key, r.closed_how])).toEqual([
      ['R-2', 'erp'],
      ['R-4', 'erp'],
      ['R-5', null],
    ]);
    const last = await db.selectFrom('sync_call').selectAll().orderBy('id', 'desc').limit(2).execute();
    expect(last.map((c) => [c.operation, c.outcome, c.item_count, c.applied_count])).toEqual([
      ['PUT /v1/skus/{id}', 'applied', 1, 1],
      ['POST /v1/skus/batch', 'applied', 2, 2],
    ]);
  });

  it('records a refused single write as one rejected item, and a call refused as a whole without items', async () => {
    const before = (await rejections()).length;
    const single = await send('POST', '/v1/companies', { outerSysCode: 'C-R', name: 'x'.repeat(300) });
    await recordRelayedCall(single, db);
    const replay = await send('POST', '/v1/companies/batch', [{ outerSysCode: 'C-S', name: 'S' }]);
    const signed = lastHeaders;
    await recordRelayedCall(replay, db);
    // The same bytes sent again: the service refuses the nonce (401); nothing in it is a row to fix.
    const again = await service.fetch(
      new Request('http://service.test/v1/companies/batch', {
        method: 'POST',
        body: replay.requestBody as Uint8Array<ArrayBuffer>,
        headers: signed,
      }),
    );
    expect(again.status).toBe(401);
    await recordRelayedCall(
      { ...replay, receivedAt: new Date(), status: 401, responseBody: new Uint8Array(await again.arrayBuffer()) },
      db,
    );
    const rows = await rejections();
    expect(rows.slice(before).map((r) => [r.family, r.item_index, r.record_key, r.error_code])).toEqual([
      ['companies', 0, 'C-R', 'name_too_long'],
    ]);
    const refused = await db.selectFrom('sync_call').selectAll().where('status', '=', 401).execute();
    expect(refused.map((c) => [c.outcome, c.error_code, c.rejected_count])).toEqual([['refused', 'unauthorized', 0]]);
  });

  it('claims nothing of a call without an answer or with a 5xx', async () => {
    const call = await send('POST', '/v1/skus/batch', [sku('R-9')]);
    await recordRelayedCall({ ...call, status: null, responseBody: null }, db);
    await recordRelayedCall({ ...call, nonce: 'other', status: 502, responseBody: '{"error":"bad_gateway"}' }, db);
    const unknown = await db.selectFrom('sync_call').selectAll().where('outcome', '=', 'unknown').execute();
    expect(unknown.map((c) => [c.status, c.item_count, c.applied_count, c.rejected_count])).toEqual([
      [null, 1, 0, 0],
      [502, 1, 0, 0],
    ]);
  });

  it('sums the last hour of relayed write calls for the Status page', async () => {
    const hour = await relayLastHour(db);
    expect(hour).toMatchObject({ calls: 8, items: 13, rejected: 4, unknown: 2, refused: 2 });
    expect(hour.addedP50Ms).toBeCloseTo(0.2);
  });
});
