import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Service } from '@/service';
import { IDS } from '@/service/testing/fixtures';
import type { FamilyName } from '@/lib/imports/families';
import { listAudit, listHistory } from '../audit/audit-log';
import { listEntryChanges } from '../audit/entry-changes';
import type { ConsoleDatabase } from '../db/types';
import type { FetchImpl } from '../upstream';
import { erpClientVia, runJobToEnd, withServiceAndConsoleDb } from '../testing/console-parts';
import { mirrorCopy } from '../mirror';
import { MirrorPasses } from '../testing/mirror-passes';
import { IMPORT_JOB_KINDS, importKind } from './import-job';
import type { CopyReader } from './old-values';
import * as store from './store';
import { csvRow } from '../testing/import-files';
import { storeCsvImport } from '../testing/csv-import';
import { startImportJob } from '../testing/start-import-job';
import type { ImportOrigin } from '@/lib/imports/import-api';

// An import's writes on the record: the real job runtime sends to the reference service in-process, the
// console database on PGlite. The unknown outcome is a fault the service cannot produce (a 500 after it applied).

let service: Service;
let db: Kysely<ConsoleDatabase>;
let transport: FetchImpl = (request) => service.fetch(request);
withServiceAndConsoleDb((opened) => ({ service, db } = opened));

const upstream = erpClientVia(() => transport, 1);

type Row = { item: Record<string, unknown>; before?: Record<string, unknown> };

async function runImport(
  family: FamilyName,
  origin: ImportOrigin,
  rows: Row[],
  // As the runtime wires the kinds when the mirror runs (lib/server/runtime/job-kinds.ts): with the copy's reader.
  copy?: { reader: CopyReader; tenant: string },
) {
  const importId = await storeCsvImport(
    db,
    family,
    rows.map((r, n) => csvRow(n, r.item, { before: r.before })),
    { id: 'u', email: 'steward@example.com' },
    origin,
  );
  const chunks = await store.assignChunks(db, importId);
  const jobId = await startImportJob(db, importId, family, {
    chunks: [...Array(chunks).keys()],
    tenant: copy?.tenant,
  });
  const kinds = copy ? [importKind(family, { copy: copy.reader })] : Object.values(IMPORT_JOB_KINDS);
  await runJobToEnd({ db, kinds, upstream }, jobId);
  await store.settle(db, importId);
  return importId;
}

describe('an import on the record', () => {
  it('files a bulk edit under each record with old → new and a link to its import; a refused row changes nothing', async () => {
    // The old value is the platform's, read by the server before sending: the review's 650 (what the page said it
    // showed) is kept beside it, never recorded as the old value (issue 61 point 3).
    const held = (await upstream.read('sku', IDS.acme.sku)).sellPrice;
    expect(held).not.toBe(650);
    const importId = await runImport('prices', 'bulk', [
      { item: { skuId: IDS.acme.sku, sellPrice: 699 }, before: { sellPrice: 650 } },
      { item: { skuId: IDS.acme.sku2, sellPrice: 120 }, before: { sellPrice: 100 } },
      { item: { skuId: 999_999, sellPrice: 1 }, before: {} },
    ]);
    const [entry] = await listHistory(db, 'skus', String(IDS.acme.sku));
    expect(entry).toMatchObject({
      userEmail: 'steward@example.com',
      source: 'bulk',
      result: 'applied',
      oldRead: true,
      importId,
      attempt: 1,
      changes: [{ field: 'sellPrice', from: held, to: 699, reviewed: 650, fromRead: { by: 'read' } }],
    });
    const [refused] = await listHistory(db, 'skus', '999999');
    expect(refused).toMatchObject({ result: 'refused', changes: null });

    const log = await listAudit(db, { filters: { family: 'bulk' } });
    expect(log.totalCount).toBe(1);
    expect(log.entries[0]).toMatchObject({
      importId,
      attempt: 1,
      chunk: 0,
      operation: 'PUT /v1/prices/batch',
      result: 'applied',
      failedIds: ['999999'],
    });
    const rows = await listEntryChanges(db, log.entries[0]!.id);
    expect(rows.map((r) => [r.rowNo, r.recordId, r.result])).toEqual([
      [0, String(IDS.acme.sku), 'applied'],
      [1, String(IDS.acme.sku2), 'applied'],
      [2, '999999', 'refused'],
    ]);
  });

  it('says the old value was not read for an import without comparison', async () => {
    await runImport('prices', 'file', [{ item: { skuId: IDS.acme.sku2, price: 130 } }]);
    const [entry] = await listHistory(db, 'skus', String(IDS.acme.sku2));
    expect(entry).toMatchObject({ source: 'import', oldRead: false, changes: [{ field: 'price', to: 130 }] });
    expect(entry!.changes![0]).not.toHaveProperty('from');
  });

  it('takes an import’s old values from the console’s copy, with the time the copy held them, reading no record', async () => {
    const tenant = 'history-copy';
    await new MirrorPasses({ db, client: upstream, tenant, intervalMs: 30_000, sweepMs: 3_600_000 }).round();
    const held = (await upstream.read('sku', IDS.acme.sku2)).sellPrice;
    const reads: string[] = [];
    transport = (request) => {
      if (request.method === 'GET') reads.push(new URL(request.url).pathname);
      return service.fetch(request);
    };
    try {
      const reader: CopyReader = (entity, id, t) => mirrorCopy(db, entity, id, { tenant: t, intervalMs: 30_000 });
      await runImport('prices', 'file', [{ item: { skuId: IDS.acme.sku2, sellPrice: held + 5 } }], { reader, tenant });
    } finally {
      transport = (request) => service.fetch(request);
    }
    expect(reads.filter((path) => path === `/v1/skus/${IDS.acme.sku2}`)).toEqual([]);
    const [entry] = await listHistory(db, 'skus', String(IDS.acme.sku2));
    expect(entry).toMatchObject({
      source: 'import',
      oldRead: true,
      changes: [{ field: 'sellPrice', from: held, to: held + 5, fromRead: { by: 'copy', at: expect.any(String) } }],
    });
    expect(entry!.changes![0]).not.toHaveProperty('reviewed');
  });

  it('reads nothing before sending rows whose review found no record (they create one)', async () => {
    const reads: string[] = [];
    transport = (request) => {
      if (request.method === 'GET') reads.push(new URL(request.url).pathname);
      return service.fetch(request);
    };
    try {
      const rows = Array.from({ length: 30 }, (_, n) => ({
        item: { productId: IDS.acme.product, outerSysCode: `OV-NEW-${n}`, name: `New ${n}` },
        before: {},
      }));
      await runImport('skus', 'file', rows);
    } finally {
      transport = (request) => service.fetch(request);
    }
    expect(reads).toEqual([]);
  });

  it('records an unknown outcome as unknown with the values sent, never as applied', async () => {
    transport = async (request) => {
      await service.fetch(request);
      return Response.json({ error: 'internal' }, { status: 500 });
    };
    try {
      await runImport('stock', 'sync', [{ item: { skuId: IDS.acme.sku, inventoryQty: 77 } }]);
    } finally {
      transport = (request) => service.fetch(request);
    }
    const [entry] = await listHistory(db, 'skus', String(IDS.acme.sku));
    expect(entry).toMatchObject({
      source: 'resend',
      result: 'unknown',
      action: null,
      changes: [{ field: 'inventoryQty', to: 77 }],
    });
    const log = await listAudit(db, { filters: { family: 'resend' } });
    expect(log.entries[0]).toMatchObject({ result: 'unknown', unknownIds: [String(IDS.acme.sku)] });
  });
});
