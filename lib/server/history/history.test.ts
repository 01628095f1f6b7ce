import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { IDS } from '@/service/testing/fixtures';
import { gs1CheckDigitValid } from '@/lib/contract/attention';
import type { FamilyName } from '@/lib/imports/families';
import type { ImportOrigin } from '@/lib/imports/import-api';
import { listHistory } from '../audit/audit-log';
import type { ConsoleDatabase } from '../db';
import { csvImportMeta, csvRow } from '../testing/import-files';
import { startImportJob } from '../testing/start-import-job';
import { skuRecord } from '../testing/sku-record';
import { erpClient, runJobToEnd, withServiceAndConsoleDb } from '../testing/console-parts';

// Every source of History, on the real console database (PGlite) with the reference service in-process: each
// leaves entries of the one shape the writer gives (a named actor, only fields whose value changed, findings as
// findings). That no other code writes the audit tables is checked on the code itself (one-writer.test.ts).
import { acceptFinding } from '../attention';
import { recordAudit } from '../audit';
import { auditSecurityEvent } from '../auth';
import { IMPORT_JOB_KINDS } from '../imports/import-job';
import * as store from '../imports/store';
import { storeReadBack } from '../mirror';

/** What the sources wrote while `action` ran, newest last (the writer's columns, as the log reads them). */
async function through(action: () => Promise<unknown>) {
  const last = await sql<{ id: string | null }>`select max(id)::text as id from audit_log`.execute(db);
  await action();
  const { rows } = await sql<{
    user_id: string;
    user_email: string;
    family: string;
    operation: string;
    client_address: string | null;
  }>`
    select user_id, user_email, family, operation, client_address from audit_log
    where id > coalesce(${last.rows[0]!.id}::bigint, 0) order by id`.execute(db);
  expect(rows.length).toBeGreaterThan(0);
  return rows.map((r) => ({
    actor: r.user_email
      ? { kind: 'person', userId: r.user_id, email: r.user_email }
      : { kind: r.user_id === 'outside' ? 'erp' : r.user_id === 'attention' ? 'checks' : 'nobody' },
    family: r.family,
    operation: r.operation,
    clientAddress: r.client_address,
  }));
}

let db: Kysely<ConsoleDatabase>;
let upstream: ReturnType<typeof erpClient>;
withServiceAndConsoleDb((opened) => {
  db = opened.db;
  upstream = erpClient({ fetch: (request) => opened.service.fetch(request) });
});

const steward = { userId: 'u', email: 'steward@example.com' };

async function runImport(family: FamilyName, origin: ImportOrigin, rows: { item: object; before?: object }[]) {
  const importId = await store.createImport(db, csvImportMeta(family, rows.length, origin), {
    id: steward.userId,
    email: steward.email,
  });
  const uploads = rows.map((r, n) =>
    csvRow(n, r.item as Record<string, unknown>, { before: r.before as Record<string, unknown> }),
  );
  await store.appendRows(db, importId, family, uploads);
  const chunks = await store.assignChunks(db, importId);
  const jobId = await startImportJob(db, importId, family, { chunks: [...Array(chunks).keys()] });
  await runJobToEnd({ db, kinds: Object.values(IMPORT_JOB_KINDS), upstream }, jobId);
  await store.settle(db, importId);
}

/** The SKU's ten written fields as the service holds them. */
async function skuFields(id: number) {
  const sku = (await upstream.read('sku', id)) as unknown as Record<string, unknown>;
  const fields = ['productId', 'outerSysCode', 'name', 'barcode', 'warehouse', 'unit', 'spec', 'price', 'sellPrice'];
  return Object.fromEntries([...fields, 'quantityPrecision'].map((f) => [f, sku[f] ?? null]));
}

describe('the one writer of History', () => {
  it('a console write (the proxy): its person, only the fields whose value changed', async () => {
    const [entry] = await through(() =>
      recordAudit(db, {
        userId: steward.userId,
        userEmail: steward.email,
        operation: 'PUT /v1/skus/{id}',
        targetIds: [String(IDS.acme.sku)],
        status: 200,
        outcome: 'updated',
        result: 'applied',
        recordType: 'skus',
        changes: [
          { field: 'name', from: 'Old', to: 'New' },
          { field: 'unit', from: '包', to: '包' },
        ],
      }),
    );
    expect(entry!.actor).toEqual({ kind: 'person', ...steward });
    const [shown] = await listHistory(db, 'skus', String(IDS.acme.sku));
    expect(shown).toMatchObject({ changes: [{ field: 'name', from: 'Old', to: 'New' }], unchanged: 1 });
  });

  it('a resend changing one field of a ten-field row records one field change, the nine others counted', async () => {
    const id = IDS.acme.sku2;
    const before = await skuFields(id);
    expect(Object.keys(before)).toHaveLength(10);
    const [entry] = await through(() =>
      runImport('skus', 'sync', [{ item: { id, ...before, sellPrice: 700 }, before: { ...before, sellPrice: 720 } }]),
    );
    expect(entry).toMatchObject({ actor: { kind: 'person', ...steward }, family: 'resend' });
    const [shown] = await listHistory(db, 'skus', String(id));
    expect(shown).toMatchObject({ source: 'resend', result: 'applied', unchanged: 9 });
    // The old value is the one the server read before sending; the review's 720 is kept beside it (issue 61).
    expect(before.sellPrice).not.toBe(720);
    expect(shown!.changes).toEqual([
      {
        field: 'sellPrice',
        from: before.sellPrice,
        to: 700,
        reviewed: 720,
        fromRead: { by: 'read', at: expect.any(String) },
      },
    ]);
  });

  it('an import and a bulk edit by a person: their fields old → new', async () => {
    for (const origin of ['file', 'bulk'] as const) {
      const live = (await upstream.read('sku', IDS.acme.sku)).sellPrice;
      const [entry] = await through(() =>
        runImport('prices', origin, [
          { item: { skuId: IDS.acme.sku, sellPrice: origin === 'file' ? 651 : 652 }, before: { sellPrice: 600 } },
        ]),
      );
      expect(entry).toMatchObject({
        actor: { kind: 'person', ...steward },
        family: origin === 'file' ? 'import' : 'bulk',
      });
      const [shown] = await listHistory(db, 'skus', String(IDS.acme.sku));
      expect(shown!.changes).toEqual([
        {
          field: 'sellPrice',
          from: live,
          to: origin === 'file' ? 651 : 652,
          fromRead: { by: 'read', at: expect.any(String) },
          ...(live === 600 ? {} : { reviewed: 600 }),
        },
      ]);
    }
  });

  it('a barcode finding found, changed outside, resolved and accepted: findings as findings, by who did them', async () => {
    const [wrong, right] = ['4710001003968', '4710001003967'];
    expect([gs1CheckDigitValid(wrong), gs1CheckDigitValid(right)]).toEqual([false, true]);
    const found = await through(() =>
      storeReadBack(db, [{ entity: 'skus', records: [skuRecord(9501, { barcode: wrong })] }]),
    );
    expect(found.map((e) => [e.actor.kind, e.family])).toEqual([['checks', 'attention']]);
    const fixed = await through(() =>
      storeReadBack(db, [{ entity: 'skus', records: [skuRecord(9501, { barcode: right })] }]),
    );
    expect(fixed.map((e) => [e.actor.kind, e.family])).toEqual([
      ['erp', 'outside'],
      ['checks', 'attention'],
    ]);
    const history = await listHistory(db, 'skus', '9501');
    expect(history.map((e) => [e.source, e.action])).toEqual([
      ['attention', 'resolved'],
      ['outside', 'updated'],
      ['attention', 'opened'],
    ]);
    // Found and resolved carry the barcode as a finding, never as a field changed to (or from) empty.
    expect(history[0]).toMatchObject({
      changes: null,
      finding: { values: { barcode: wrong }, now: { barcode: right } },
    });
    expect(history[2]).toMatchObject({ changes: null, finding: { values: { barcode: wrong } } });
    expect(history[1]!.changes).toEqual([{ field: 'barcode', from: wrong, to: right }]);

    await storeReadBack(db, [{ entity: 'skus', records: [skuRecord(9502, { barcode: wrong })] }]);
    const { rows } = await sql<{ id: string }>`
      select id::text as id from attention_finding where record_id = '9502' and resolved_at is null`.execute(db);
    const [accepted] = await through(() =>
      acceptFinding(db, { ...steward, role: 'steward' }, rows[0]!.id, { reason: 'A supplier code, on purpose' }),
    );
    expect(accepted!.actor).toEqual({ kind: 'person', ...steward });
    const [shown] = await listHistory(db, 'skus', '9502');
    expect(shown).toMatchObject({
      action: 'accepted',
      userEmail: steward.email,
      finding: { values: { barcode: wrong }, reason: 'A supplier code, on purpose' },
    });
  });

  it("an account's security event: who and from where", async () => {
    const [entry] = await through(() => auditSecurityEvent(db, steward, 'passkey-add', steward.email, '198.51.100.7'));
    expect(entry).toMatchObject({
      actor: { kind: 'person', ...steward },
      operation: 'account passkey-add',
      clientAddress: '198.51.100.7',
    });
  });
});
