// An entry point, as the server is: what it calls reaches the process's parts, which the runtime installs.
import '@/lib/server/runtime';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FamilyName } from '@/lib/imports/families';
import { createService, type Service } from '@/service';
import { IDS, testSeed } from '@/service/testing/fixtures';
import { reviewRestore } from './restore-review';
import { listAudit, listHistory } from '../audit/audit-log';
import type { ConsoleDatabase } from '../db/types';
import { readBackWithTicket, storeReadBack, type MirrorEntityName, type ReadBack } from '../mirror';
import { MirrorPasses } from '../testing/mirror-passes';
import { describeOnConsoleDbs } from '../jobs/testing/db-engines';
import { erpClientVia, runJobToEnd } from '../testing/console-parts';
import { IMPORT_KINDS } from '../runtime/job-kinds';
import { prepareRevert, reviewRevert } from './revert';
import * as store from '../imports/store';
import { csvRow } from '../testing/import-files';
import { storeCsvImport } from '../testing/csv-import';
import { startImportJob } from '../testing/start-import-job';

// Reverting an import (issue 56, the first acceptance point): the real job runtime sends to the reference service
// in-process (a fresh one for each console database), the console database on PGlite and on Postgres, the mirror
// kept by its passes and the import's write-through.

let service: Service;
let db: Kysely<ConsoleDatabase>;

/**
 * Requests in the order the service got them. `slowList`: the revert's walk of the SKU list takes its time;
 * `failHolding`: a page of the SKU list holding one of these ids answers 500 (by what the page holds, not by its
 * number: the walk asks for pages ahead, so which ones are on their way when a page answers is a matter of timing).
 */
const seen: string[] = [];
let slowList = false;
let failHolding: ReadonlySet<number> | null = null;
const upstream = erpClientVia(
  () => async (request) => {
    const url = new URL(request.url);
    const listPage = request.method === 'GET' && url.pathname === '/v1/skus' ? Number(url.searchParams.get('page')) : 0;
    // Only the unfiltered walk (a revert's read of a whole import), not the chunks' read-backs by time.
    const walked = listPage && !url.searchParams.has('updatedSince') ? ` page ${listPage}` : '';
    if (slowList && walked && listPage >= 3) await new Promise((r) => setTimeout(r, 300));
    seen.push(`${request.method} ${url.pathname}${walked}`);
    const response = await service.fetch(request);
    if (listPage && failHolding) {
      const page = (await response.clone().json()) as { data: { id: number }[] };
      if (page.data.some((r) => failHolding!.has(r.id))) return Response.json({ code: 'internal' }, { status: 500 });
    }
    return response;
  },
  1,
  // The service answers in this thread, beside the job's sending: on a loaded machine a list page has taken over
  // 5 s, and the walk then (rightly) left the rest unread and unsent, which is the second test's case, not this one's.
  30_000,
);

const steward = { id: 'u-steward', email: 'steward@example.com' };
const SKUS = 1_000;

/** The import job kinds on a runner with the mirror's write-through, as the runtime wires them. */
async function runJob(jobId: string) {
  await runJobToEnd(
    {
      db,
      kinds: Object.values(IMPORT_KINDS),
      upstream,
      concurrency: 2,
      readBack: (written, sentAt) =>
        readBackWithTicket(
          db,
          upstream,
          { entity: written.entity as MirrorEntityName, ids: written.ids },
          {
            since: sentAt,
          },
        ),
      storeReadBacks: (trx, readBacks) => storeReadBack(trx, readBacks as readonly ReadBack[]),
    },
    jobId,
  );
}

async function runImport(items: Record<string, unknown>[], family: FamilyName = 'prices') {
  const importId = await storeCsvImport(
    db,
    family,
    items.map((item, n) => csvRow(n, item)),
    steward,
  );
  const chunks = await store.assignChunks(db, importId);
  await runJob(await startImportJob(db, importId, family, { chunks: [...Array(chunks).keys()] }));
  await store.settle(db, importId);
  return importId;
}

/**
 * As the console starts one: the job first, listing chunks as the rows arrive, while the rest is compared
 * (prepareRevert's `start`); else (`stored`) every row is stored before the job is given its chunks.
 */
async function runRevert(importId: string, how: 'streamed' | 'stored' = 'stored', family: FamilyName = 'prices') {
  const picks = { include: [] as string[], exclude: [] as string[] };
  if (how === 'streamed') {
    let running: Promise<void> | undefined;
    const { revertId } = await prepareRevert(db, upstream, importId, steward, picks, {
      start: async (id) => {
        running = runJob(await startImportJob(db, id, family));
      },
    });
    await running;
    await store.settle(db, revertId);
    return revertId;
  }
  const { revertId, chunks } = await prepareRevert(db, upstream, importId, steward, picks);
  await runJob(await startImportJob(db, revertId, family, { chunks: [...Array(chunks).keys()] }));
  await store.settle(db, revertId);
  return revertId;
}

async function livePrices(ids: readonly number[]): Promise<Map<number, number | null>> {
  const wanted = new Set(ids);
  const found = new Map<number, number | null>();
  for await (const sku of upstream.listAll('skus', { pageSize: 100 }))
    if (wanted.has(sku.id)) found.set(sku.id, sku.sellPrice);
  return found;
}

const mirror = () =>
  new MirrorPasses({ db, client: upstream, tenant: 'revert-test', intervalMs: 30_000, sweepMs: 3_600_000 });

describeOnConsoleDbs('reverting an import', (consoleDb) => {
  beforeAll(async () => {
    service = await createService({ memory: true, seed: testSeed() });
    db = consoleDb();
  }, 120_000);
  afterAll(() => service?.close());

  it('restores what still holds the imported price, leaves what the ERP changed since, and reverts back', async () => {
    const created = await upstream.batch(
      'skus',
      Array.from({ length: SKUS }, (_, n) => ({
        productId: IDS.acme.product,
        outerSysCode: `REV-${String(n).padStart(4, '0')}`,
        name: `Revert ${n}`,
        price: 5000,
        sellPrice: 100 + n,
      })),
    );
    const ids = created.map((r) => Number((r as { id: number }).id));
    expect(ids.every((id) => id > 0)).toBe(true);
    // The console's copy as its passes keep it: the import's old values come from it (no comparison was made).
    const passes = mirror();
    await passes.round();

    const importId = await runImport(ids.map((skuId) => ({ skuId, sellPrice: 2500 })));
    const imported = (await store.getImport(db, importId))!;
    expect(imported.counts.updated).toBe(SKUS);
    // Restoring one row from its History entry reads the old value the import did not: the mirror's copy at the write.
    const [row500] = await listHistory(db, 'skus', String(ids[500]));
    expect(row500).toMatchObject({ importId, oldRead: false });
    const restore = await reviewRestore(db, upstream, 'skus', String(ids[500]), row500!.id);
    expect(restore.fields.find((f) => f.field === 'sellPrice')).toMatchObject({
      before: 600,
      now: 2500,
      after: 2500,
      state: 'holds',
    });

    // The ERP changes 10 of them afterwards; the mirror's next pass files it under the records' History.
    const erpIds = ids.slice(0, 10);
    await upstream.batch(
      'prices',
      erpIds.map((skuId) => ({ skuId, sellPrice: 777 })),
    );
    await passes.round();

    const review = await reviewRevert(db, upstream, importId);
    expect(review.counts).toMatchObject({ restore: 990, changedSince: 10, created: 0, notApplied: 0, noBefore: 0 });
    const changed = review.rows.find((r) => r.kind === 'changedSince')!;
    expect(changed).toMatchObject({
      selected: false,
      fields: [{ field: 'sellPrice', imported: 2500, before: 100, live: 777 }],
      changedBy: { source: 'outside', email: null },
    });
    expect(review.rows.find((r) => r.kind === 'restore')).toMatchObject({
      selected: true,
      code: expect.stringMatching(/^REV-/),
    });

    // The first chunks go out while the rest of the list is still being read and compared.
    const from = seen.length;
    slowList = true;
    const revertId = await runRevert(importId, 'streamed');
    slowList = false;
    const during = seen.slice(from);
    const lastPage = during.findLastIndex((r) => r.startsWith('GET /v1/skus page'));
    expect(during.indexOf('PUT /v1/prices/batch')).toBeGreaterThan(-1);
    expect(during.indexOf('PUT /v1/prices/batch')).toBeLessThan(lastPage);
    // What the revert says first: should a price below stay imported, its count says whether it was reported.
    const revert = (await store.getImport(db, revertId))!;
    expect(revert).toMatchObject({ origin: 'revert', revertsImportId: importId });
    expect(revert.counts).toMatchObject({ updated: 990, skipped: 10, failed: 0, unknown: 0 });
    const after = await livePrices(ids);
    ids.forEach((id, n) => expect(after.get(id)).toBe(n < 10 ? 777 : 100 + n));

    // On the record: one "restored" change per field, linked to the import it undid, and the revert's entry.
    const { rows: restored } = await sql<{ n: number }>`
      select count(*)::int as n from audit_change c join audit_log a on a.id = c.audit_id
      where a.import_id = ${revertId} and c.source = 'revert' and c.result = 'applied'`.execute(db);
    expect(restored[0]!.n).toBe(990);
    const [entry] = await listHistory(db, 'skus', String(ids[42]));
    expect(entry).toMatchObject({
      source: 'revert',
      importId: revertId,
      revertsImportId: importId,
      oldRead: true,
      changes: [{ field: 'sellPrice', from: 2500, to: 142 }],
    });
    // The ERP's one was left alone: its History has the ERP's change and no restore.
    const untouched = await listHistory(db, 'skus', String(ids[3]));
    expect(untouched.some((e) => e.source === 'outside')).toBe(true);
    expect(untouched.some((e) => e.source === 'revert')).toBe(false);
    const log = await listAudit(db, { filters: { family: 'revert' } });
    const summary = log.entries.find((e) => e.operation === 'action imports.revert');
    expect(summary).toMatchObject({
      importId: revertId,
      outcome: `reverts import ${importId}: 990 restored, 10 skipped as changed since, 0 refused, 0 unknown`,
    });

    // A revert is itself revertible: its own old values were read, so the import's prices come back.
    const again = await reviewRevert(db, upstream, revertId);
    expect(again.counts).toMatchObject({ restore: 990, changedSince: 0 });
    expect(again.revertsImportId).toBe(importId);
    await runRevert(revertId);
    const back = await livePrices(ids);
    ids.forEach((id, n) => expect(back.get(id)).toBe(n < 10 ? 777 : 2500));
  }, 300_000);

  it('leaves the records it could not compare unsent, each with its reason, when /v1 fails midway', async () => {
    const created = await upstream.batch(
      'skus',
      Array.from({ length: 250 }, (_, n) => ({
        productId: IDS.acme.product,
        outerSysCode: `REVF-${n}`,
        name: `Revert fail ${n}`,
        price: 5000,
        sellPrice: 100 + n,
      })),
    );
    const ids = created.map((r) => Number((r as { id: number }).id));
    await mirror().round();
    const importId = await runImport(ids.map((skuId) => ({ skuId, sellPrice: 2500 })));
    // The list of records changed since the import, pages of 100: the pages holding any SKU past the first 100 fail
    // (the first 100 fit on one or two pages, so the first page with these SKUs is read).
    failHolding = new Set(ids.slice(100));
    const revertId = await runRevert(importId, 'streamed').finally(() => (failHolding = null));
    const revert = (await store.getImport(db, revertId))!;
    expect(revert.totalRows).toBe(250);
    // Records compared before the failing page were restored; the rest, never compared, each say why.
    const { updated, skipped } = revert.counts;
    expect(revert.counts).toMatchObject({ failed: 0, unknown: 0, pending: 0 });
    expect(updated + skipped).toBe(250);
    expect(updated).toBeGreaterThan(0);
    expect(skipped).toBeGreaterThanOrEqual(150);
    const left = await store.listRows(db, revertId, { statuses: ['skipped'], limit: 1000 });
    expect(left.map((r) => r.errors[0]?.code)).toEqual(Array(skipped).fill('revert_live_unread'));
    const unsent = new Set(left.map((r) => Number(r.cells[0])));
    const after = await livePrices(ids);
    ids.forEach((id, n) => expect(after.get(id)).toBe(unsent.has(id) ? 2500 : 100 + n));
  }, 120_000);

  it('restores a bundle recipe imported by ERP codes: the lines the service filled in with ids and names still hold', async () => {
    const bundle = IDS.acme.bundle;
    const recipe = async () => (await upstream.read('bundle', bundle)).components;
    const before = await recipe();
    expect(before).toMatchObject([{ componentSkuId: IDS.acme.sku, quantity: 2 }]);
    await mirror().round();
    // A steward's file names the components by ERP code; /v1 answers with their ids and names besides.
    const lines = [
      { componentSkuOuterSysCode: 'S002', quantity: 1 },
      { componentSkuOuterSysCode: 'S001', quantity: 3 },
    ];
    const importId = await runImport([{ id: bundle, components: lines }], 'bundles');
    expect((await store.getImport(db, importId))!.counts.updated).toBe(1);
    expect(await recipe()).toMatchObject([
      { componentSkuId: IDS.acme.sku2, componentSkuOuterSysCode: 'S002', componentSkuName: 'Green 50g', quantity: 1 },
      { componentSkuId: IDS.acme.sku, componentSkuOuterSysCode: 'S001', quantity: 3 },
    ]);

    const review = await reviewRevert(db, upstream, importId);
    expect(review.counts).toMatchObject({ restore: 1, changedSince: 0 });
    expect(review.rows[0]).toMatchObject({ kind: 'restore', selected: true, code: 'B001' });
    const revertId = await runRevert(importId, 'stored', 'bundles');
    // On the bundle's History: the restore, linked to the import it undid, from the imported lines back to the old.
    // (The newest entry may be a finding the write-through's attention check filed about the bundle.)
    const restored = (await listHistory(db, 'bundles', String(bundle))).find((e) => e.source === 'revert');
    expect(restored).toMatchObject({
      source: 'revert',
      importId: revertId,
      revertsImportId: importId,
      changes: [
        {
          field: 'components',
          from: [expect.objectContaining({ componentSkuId: IDS.acme.sku2 }), expect.anything()],
          to: [expect.objectContaining({ componentSkuId: IDS.acme.sku, quantity: 2 })],
        },
      ],
    });
    expect(await recipe()).toMatchObject([{ componentSkuId: IDS.acme.sku, quantity: 2 }]);
    expect(await recipe()).toHaveLength(1);

    // A quantity changed after the import is a change since, and is left alone unless picked.
    const again = await runImport([{ id: bundle, components: lines }], 'bundles');
    await upstream.batch('bundles', [{ id: bundle, components: [{ componentSkuId: IDS.acme.sku, quantity: 4 }] }]);
    await mirror().round();
    expect((await reviewRevert(db, upstream, again)).counts).toMatchObject({ restore: 0, changedSince: 1 });
  }, 120_000);
});
