import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDS } from '@/service/testing/fixtures';
import { JobRunner } from '../../jobs/runner';
import { createJob, getJob } from '../../jobs/store';
import { IMPORT_JOB_KINDS, importKindName, type ImportParams } from '../../imports/import-job';
import * as imports from '../../imports/store';
import { consoleRequest, createProxyHarness, type ProxyHarness } from '../../testing/proxy-harness';
import { runDuePass } from '../passes/passes';
import { readBack, storeReadBack, type ReadBack } from './write-through';

// Write-through on real parts: the signing proxy and the job runtime in front of the reference service
// (in-process fetch handler), the console database on PGlite. What the console wrote is in the mirror before
// the proxy answers, or before the import chunk counts as done; the next pass records no outside change for it.

let h: ProxyHarness;
const SKU = IDS.acme.sku;
let created: number[] = [];

const mirrored = async (id: number) =>
  (await sql<{ record: Record<string, unknown> }>`select record from mirror_sku where id = ${id}`.execute(h.db)).rows[0]
    ?.record;
const outsideChanges = async (ids: readonly number[]) =>
  (
    await sql<{ record_id: string; changes: { field: string; from: unknown; to: unknown }[] }>`
      select record_id, changes from audit_change where source = 'outside' and record_type = 'skus'
      and record_id = any(${ids.map(String)}::text[]) order by id`.execute(h.db)
  ).rows;
const pass = () =>
  runDuePass({ db: h.db, client: h.client, entity: 'skus', now: Date.now }, { sweepEveryMs: 3_600_000 });

beforeAll(async () => {
  h = await createProxyHarness({ mirror: true, record: false });
  // More SKUs than the read-back reads one by one, for an import chunk to write.
  const results = await h.client.batch(
    'skus',
    Array.from({ length: 8 }, (_, i) => ({
      productId: IDS.acme.product,
      outerSysCode: `WT${i}`,
      name: `Write-through ${i}`,
      sellPrice: 100 + i,
    })),
  );
  created = results.map((r) => r.id!);
  const first = await pass();
  expect(first).toMatchObject({ kind: 'initial', complete: true });
}, 120_000);

afterAll(async () => {
  await h?.close();
});

describe('write-through', () => {
  it('copies a form write into the mirror before the proxy answers; the next pass records no change for it', async () => {
    // The ERP renames the SKU after the last pass: a change the console did not make, not seen yet.
    await h.client.batch('skus', [{ id: SKU, name: 'Renamed by the ERP' }]);
    const response = await h.proxy(
      consoleRequest('PUT', `/v1/skus/${SKU}`, { cookie: h.cookies.steward, body: JSON.stringify({ sellPrice: 480 }) }),
    );
    expect(response.status).toBe(200);
    expect(await mirrored(SKU)).toMatchObject({ sellPrice: 480, name: 'Renamed by the ERP' });
    // Copied with the console's write, the ERP's rename is recorded as made outside; the console's price is not.
    const recorded = await outsideChanges([SKU]);
    expect(recorded.map((r) => r.changes.map((c) => c.field))).toEqual([['name']]);
    expect(recorded[0]!.changes[0]).toMatchObject({ from: 'Oolong 100g', to: 'Renamed by the ERP' });

    const next = await pass();
    expect(next).toMatchObject({ kind: 'incremental', complete: true, recorded: 0 });
    expect(await outsideChanges([SKU])).toHaveLength(1);
  });

  it('copies an import chunk into the mirror before the chunk counts as done; the next pass records no change for it', async () => {
    const importId = await imports.createImport(
      h.db,
      {
        family: 'prices',
        fileName: 'p.csv',
        encoding: 'utf-8',
        delimiter: ',',
        headers: ['x'],
        mapping: ['x'],
        totalRows: created.length,
        origin: 'file',
      },
      { id: 'u', email: 'steward@example.com' },
    );
    await imports.appendRows(
      h.db,
      importId,
      'prices',
      created.map((skuId, n) => ({
        rowNo: n,
        line: n + 2,
        cells: [String(n)],
        item: { skuId, sellPrice: 900 + n },
        errors: [],
        warnings: [],
      })),
    );
    const chunks = await imports.assignChunks(h.db, importId);
    const jobId = await createJob(h.db, {
      kind: importKindName('prices'),
      tenant: 'write-through',
      params: { importId, family: 'prices' } satisfies ImportParams,
      rerunExpired: true,
      units: Array.from({ length: chunks }, (_, chunk) => ({ key: String(chunk), input: { importId, chunk } })),
    });
    await imports.markStarted(h.db, importId, jobId);
    const runner = new JobRunner({
      db: h.db,
      kinds: Object.values(IMPORT_JOB_KINDS),
      upstream: h.client,
      pollMs: 10,
      flushMs: 5,
      readBack: async (written, sentAt) => {
        const entity = written.entity as ReadBack['entity'];
        return { entity, records: await readBack(h.client, { entity, ids: written.ids }, { since: sentAt }) };
      },
      storeReadBacks: (trx, readBacks) => storeReadBack(trx, readBacks as readonly ReadBack[]),
    });
    runner.start();
    try {
      for (;;) {
        const job = await getJob(h.db, jobId);
        if (job && !['planning', 'running'].includes(job.state)) break;
        await new Promise((r) => setTimeout(r, 20));
      }
    } finally {
      await runner.stop();
    }
    // The job is done and no pass ran since: the mirror already holds every new price.
    for (const [n, id] of created.entries()) expect(await mirrored(id)).toMatchObject({ sellPrice: 900 + n });

    const next = await pass();
    expect(next).toMatchObject({ kind: 'incremental', complete: true, recorded: 0 });
    expect(await outsideChanges(created)).toEqual([]);
  });

  it('answers an applied write as applied when the read-back fails, and leaves the copy to the next pass', async () => {
    h.setFault((request) =>
      request.method === 'GET' ? Promise.reject(new TypeError('fetch failed')) : h.service.fetch(request),
    );
    try {
      const response = await h.proxy(
        consoleRequest('PUT', `/v1/skus/${SKU}`, {
          cookie: h.cookies.steward,
          body: JSON.stringify({ sellPrice: 490 }),
        }),
      );
      expect(response.status).toBe(200);
      expect(await mirrored(SKU)).toMatchObject({ sellPrice: 480 });
    } finally {
      h.setFault(null);
    }
    expect(await pass()).toMatchObject({ complete: true, recorded: 0 });
    expect(await mirrored(SKU)).toMatchObject({ sellPrice: 490 });
  });
});
