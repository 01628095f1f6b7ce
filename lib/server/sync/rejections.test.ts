import { sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '@/service';
import { CREDS, IDS } from '@/service/testing/fixtures';
import type { ConsoleDatabase } from '../db/types';
import { recordRelayedCall, type RelayedCall } from './store';
import { withServiceAndConsoleDb } from '../testing/console-parts';
import { erpPost } from '../testing/erp-call';
import { closeRejectionsApplied, dismissRejections } from './close';
import { listRejections, openCount, rejectionItems } from './reads';
import { createTranslator } from 'next-intl';
import { narrowCells, sheetOf } from '@/lib/files/testing/xlsx-widths';
import { en } from '@/messages/en';
import { zhTW } from '@/messages/zh-TW';
import { rejectionsReport, REPORT_COLUMNS, type ReportColumn } from './report';
import { reportWords } from './report-words';
import { recordUploadedLog } from './upload';

// What the steward does with the relay's records, on the reference service's real answers (in-process, test seed)
// and PGlite: grouped by cause, the items for the grid, closed by the console or dismissed (on the record), the
// home card's count, the report, and an uploaded integration log ending in the same rejections.

let service: Service;
let db: Kysely<ConsoleDatabase>;
withServiceAndConsoleDb((parts) => ({ service, db } = parts));

const steward = { id: 'steward-1', email: 'steward@example.com' };

const send = (path: string, body: unknown, at = new Date()): Promise<RelayedCall> => erpPost(service, path, body, at);

const sku = (code: string, extra: Record<string, unknown> = {}) => ({
  productId: IDS.acme.product,
  outerSysCode: code,
  name: `SKU ${code}`,
  ...extra,
});
const LONG = 'n'.repeat(300);

const audit = (operation: string) =>
  sql<{ user_email: string; target_ids: string[]; outcome: string }>`
    select user_email, target_ids, outcome from audit_log where operation = ${operation} order by id`
    .execute(db)
    .then((r) => r.rows);

describe('the rows an ERP sync could not apply', () => {
  beforeAll(async () => {
    await recordRelayedCall(
      await send('/v1/skus/batch', [sku('W-1', { name: LONG }), sku('W-2', { productId: 999_999 }), sku('W-3')]),
      db,
    );
    await recordRelayedCall(await send('/v1/skus/batch', [sku('W-4', { productId: 888_888 })]), db);
  });

  it('groups them by cause, newest first, with the value the ERP sent, then by sync and record', async () => {
    const view = await listRejections(db, {});
    expect(view.total).toBe(3);
    expect(view.causes.map((c) => [c.errorCode, c.field, c.count, c.syncs.length, c.example.value])).toEqual([
      ['invalid_product_id', 'productId', 2, 2, 888_888],
      ['name_too_long', 'name', 1, 1, LONG],
    ]);
    const product = view.causes[0]!;
    expect(product.syncs.map((s) => s.rows.map((r) => [r.recordKey, r.errors[0]!.value, r.closedHow]))).toEqual([
      [['W-4', 888_888, null]],
      [['W-2', 999_999, null]],
    ]);
    expect(view.choices).toEqual({
      families: ['skus'],
      errors: ['invalid_product_id', 'name_too_long'],
      clients: [CREDS.erp.clientId],
    });
    expect((await listRejections(db, { error: 'name_too_long' })).total).toBe(1);
    expect((await listRejections(db, { client: 'someone-else' })).total).toBe(0);
    expect((await listRejections(db, { from: '2000-01-01', to: '2000-01-02' })).total).toBe(0);
  });

  it('gives the ERP own items of a group for the fix grid, with their stored errors and the syncs they came from', async () => {
    const cause = (await listRejections(db, { error: 'invalid_product_id' })).causes[0]!;
    const ids = cause.syncs.flatMap((s) => s.rows.map((r) => r.id));
    const items = await rejectionItems(db, ids);
    // Named after in a resend ("ERP sync of …"), oldest first.
    expect(items).toMatchObject({
      syncs: cause.syncs.map((s) => ({ receivedAt: s.receivedAt, source: 'relay' })).reverse(),
    });
    expect(items).toMatchObject({
      family: 'skus',
      items: [
        { index: 0, item: sku('W-4', { productId: 888_888 }), codes: ['invalid_product_id'] },
        { index: 1, item: sku('W-2', { productId: 999_999 }), codes: ['invalid_product_id'] },
      ],
    });
    expect(await rejectionItems(db, [...ids, '999999'])).toBeNull();
  });

  it('counts the open ones for the home card, with the last 7 days', async () => {
    const { count, trend } = await openCount(db);
    expect(count).toBe(3);
    expect(trend).toHaveLength(7);
    expect(trend.at(-1)!.count).toBe(3);
    expect(trend[0]!.count).toBe(0);
  });

  it("closes the records the console applied as fixed in the console, on the audit log and the record's History", async () => {
    const applied = [
      { key: 'W-1', recordId: 7001 },
      { key: 'W-3', recordId: 7003 },
    ];
    expect(await closeRejectionsApplied(db, 'skus', applied, 'console', steward)).toBe(1);
    const closed = await listRejections(db, { state: 'closed' });
    expect(
      closed.causes.flatMap((c) => c.syncs.flatMap((s) => s.rows.map((r) => [r.recordKey, r.closedHow, r.closedBy]))),
    ).toEqual([['W-1', 'console', steward.id]]);
    expect(await audit('action rejections.close')).toEqual([
      {
        user_email: steward.email,
        target_ids: ['W-1'],
        outcome: '1 row the ERP sync could not apply closed: fixed in the console (skus)',
      },
    ]);
    // The SKU's History: the closure as such, with the ERP's error and the value it sent, by the steward.
    const { rows: history } = await sql<{ record_id: string; source: string; action: string; finding: unknown }>`
      select record_id, source, action, finding from audit_change where source = 'sync'`.execute(db);
    expect(history).toEqual([
      {
        record_id: '7001',
        source: 'sync',
        action: 'console',
        finding: { values: { error: 'name_too_long', field: 'name', value: LONG } },
      },
    ]);
    // Nothing open of those records: nothing more on the record.
    expect(await closeRejectionsApplied(db, 'skus', [applied[0]!], 'console', steward)).toBe(0);
    expect(await audit('action rejections.close')).toHaveLength(1);
  });

  it('dismisses with the reason, on the audit log', async () => {
    const [row] = (await listRejections(db, { error: 'invalid_product_id' })).causes[0]!.syncs[0]!.rows;
    expect(await dismissRejections(db, [row!.id], 'test record, retired', steward)).toBe(1);
    const [entry] = await audit('action rejections.dismiss');
    expect(entry).toMatchObject({ target_ids: ['W-4'] });
    expect(entry!.outcome).toContain('test record, retired');
    expect((await openCount(db)).count).toBe(1);
  });

  it('writes the report grouped by cause with the ERP field names and the values it sent', async () => {
    const headers = Object.fromEntries(REPORT_COLUMNS.map((c) => [c, c])) as Record<ReportColumn, string>;
    const words = {
      headers,
      cause: (_family: string, e: { code: string; value: unknown }) => `${e.code}=${String(e.value).slice(0, 5)}`,
      family: (f: string) => f,
      state: () => 'state',
      timeZone: 'UTC',
      zoneHeader: (header: string, zone: string) => `${header} [${zone}]`,
    };
    const csv = (await rejectionsReport(db, { state: 'closed' }, 'csv', words)) as string;
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(REPORT_COLUMNS.map((c) => (c === 'receivedAt' ? `${c} [UTC]` : c)).join(','));
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 6).join(','))).toEqual([
      'invalid_product_id=88888,skus,invalid_product_id,productId,888888,W-4',
      `name_too_long=nnnnn,skus,name_too_long,name,${LONG},W-1`,
    ]);
    const xlsx = await rejectionsReport(db, {}, 'xlsx', words);
    expect(xlsx).toBeInstanceOf(Uint8Array);
  });

  it('records an uploaded integration log as the relay would, once however often it is uploaded', async () => {
    const call = await send('/v1/skus/batch', [sku('U-1'), sku('U-2', { name: LONG })]);
    const line = JSON.stringify({
      time: new Date().toISOString(),
      request: {
        method: 'POST',
        path: call.pathAndQuery,
        headers: { 'X-Client-Id': call.clientId, 'X-Nonce': call.nonce },
        body: call.requestBody,
      },
      response: { status: call.status, body: call.responseBody },
    });
    const text = ['garbage', line].join('\n');
    const first = await recordUploadedLog(db, text);
    expect(first).toMatchObject({ calls: 1, rejected: 1, unreadable: [1], skipped: 0 });
    expect(first!.ids).toHaveLength(1);
    const items = await rejectionItems(db, first!.ids);
    expect(items).toMatchObject({
      family: 'skus',
      items: [{ item: sku('U-2', { name: LONG }), codes: ['name_too_long'] }],
    });
    const again = await recordUploadedLog(db, text);
    expect(again!.ids).toEqual(first!.ids);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from sync_call where source = 'upload'`.execute(
      db,
    );
    expect(rows[0]!.n).toBe(1);
    expect(await recordUploadedLog(db, 'nothing here')).toBeNull();
  });
});

describe('an item the service refused for two reasons, and a price sent below zero', () => {
  const NAME = '名'.repeat(412);
  let ids: string[] = [];
  beforeAll(async () => {
    await recordRelayedCall(
      await send('/v1/skus/batch', [sku('TWO-1', { name: NAME, sellPrice: -50 }), sku('NEG-1', { price: -50 })]),
      db,
    );
    const view = await listRejections(db, { error: 'invalid_price' });
    ids = [...new Set(view.causes.flatMap((c) => c.syncs.flatMap((s) => s.rows.map((r) => r.id))))];
  });

  it('keeps both errors in the record, each with its field and the value as sent', async () => {
    const { rows } = await sql<{ record_key: string; errors: unknown; error_field: string | null }>`
      select record_key, errors, error_field from sync_rejection where record_key in ('TWO-1', 'NEG-1')
      order by record_key desc`.execute(db);
    expect(rows).toEqual([
      { record_key: 'TWO-1', errors: ['name_too_long', 'invalid_price'], error_field: 'name' },
      // invalid_price names no field of its own: the price the ERP sent out of range is the field.
      { record_key: 'NEG-1', errors: ['invalid_price'], error_field: 'price' },
    ]);
  });

  it("lists the item under each of its causes, every error on its row, the name's with its limit and length", async () => {
    const view = await listRejections(db, {});
    const keyed = (key: string) => view.causes.find((c) => c.key === key);
    const name = keyed('skus|name_too_long|name')!;
    const sell = keyed('skus|invalid_price|sellPrice')!;
    const price = keyed('skus|invalid_price|price')!;
    expect(price.example).toMatchObject({ value: -50, recordKey: 'NEG-1', params: { value: '-50', min: '0' } });
    const row = sell.syncs[0]!.rows.find((r) => r.recordKey === 'TWO-1')!;
    expect(row.errors).toEqual([
      { code: 'name_too_long', field: 'name', value: NAME, expect: 'tooLong', params: { length: 412, max: 100 } },
      {
        code: 'invalid_price',
        field: 'sellPrice',
        value: -50,
        expect: 'range',
        params: { value: '-50', min: '0', max: '9,999,999.99' },
      },
    ]);
    expect(name.syncs.flatMap((s) => s.rows.map((r) => r.recordKey))).toContain('TWO-1');
    // Found by either cause; counted once in the total.
    expect((await listRejections(db, { error: 'name_too_long' })).causes.map((c) => c.key)).toContain(sell.key);
    expect(view.total).toBe(new Set(view.causes.flatMap((c) => c.syncs.flatMap((s) => s.rows.map((r) => r.id)))).size);
  });

  it('opens the item in the fix grid with both errors', async () => {
    const items = await rejectionItems(db, ids);
    expect(
      items &&
        items !== 'mixed' &&
        items.items.find((i) => (i.item as { outerSysCode: string }).outerSysCode === 'TWO-1'),
    ).toMatchObject({ codes: ['name_too_long', 'invalid_price'] });
  });

  it("reports one row per error, each with the ERP's field and the value it sent there, in the reader's words", async () => {
    for (const [locale, catalogue] of [
      ['en', en],
      ['zh-TW', zhTW],
    ] as const) {
      const all = createTranslator({ locale, messages: catalogue });
      type Key = Parameters<typeof all>[0];
      const words = reportWords(
        (key, values) => all(key as Key, values),
        (key) => all.has(key as Key),
        'Asia/Taipei',
      );
      const bytes = (await rejectionsReport(db, {}, 'xlsx', words)) as Uint8Array;
      const sheet = await sheetOf(bytes);
      const h = words.headers;
      const headerRow = (sheet.getRow(1).values as unknown[]).slice(1);
      // The zone in the reader's brackets: full-width in Chinese, as every Chinese sentence of the console.
      const zoned = locale === 'en' ? `${h.receivedAt} (Asia/Taipei)` : `${h.receivedAt}（Asia/Taipei）`;
      expect(headerRow).toContain(zoned);
      const at = (name: string) => headerRow.indexOf(name) + 1;
      const rows: Record<string, unknown>[] = [];
      sheet.eachRow((row, r) => {
        if (r > 1)
          rows.push(
            Object.fromEntries(
              REPORT_COLUMNS.map((c) => [c, row.getCell(at(c === 'receivedAt' ? zoned : h[c])).value]),
            ),
          );
      });
      const two = rows.filter((r) => r.record === 'TWO-1');
      expect(two.map((r) => [r.errorCode, r.field, r.valueSent])).toEqual(
        expect.arrayContaining([
          ['name_too_long', 'name', NAME],
          ['invalid_price', 'sellPrice', '-50'],
        ]),
      );
      expect(two).toHaveLength(2);
      const neg = rows.find((r) => r.record === 'NEG-1')!;
      expect([neg.field, neg.valueSent]).toEqual(['price', '-50']);
      // Kinds and states in words, times as dates.
      expect(neg.family).toBe(catalogue.imports.families.skus);
      expect(neg.state).toBe(catalogue.rejections.closed.open);
      expect(neg.receivedAt).toBeInstanceOf(Date);
      const nameCause = String(two.find((r) => r.errorCode === 'name_too_long')!.cause);
      expect(nameCause).toContain(locale === 'en' ? '412 characters' : '412 個字');
      expect(nameCause).toContain('100');
      expect(narrowCells(sheet)).toEqual([]);
    }
  });
});
