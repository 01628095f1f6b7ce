/**
 * Revert benchmark (issue 56 point 6): a price import of `--rows` SKUs through the console's import path, then
 * its revert (the review's classification with its live read of /v1, the revert's rows stored, its job), on the
 * console database the product uses: the embedded default (PGlite in a folder) and Postgres. Target: the
 * revert takes ≤ 1.1 × the import's time. Both jobs run as the runtime runs them, with the mirror's
 * write-through; the SKUs are created and copied into the mirror before the clock starts (a file this large
 * is sent without "Compare with live data", so the import's old values are the mirror's copy).
 * The service runs in its own process, on its own core, as the import bench has it.
 *
 *   npm run bench:revert [-- --rows 100000 --concurrency 4 --console both|pglite|postgres]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// An entry point: the import planner's wake-ups are the process's parts, which the runtime installs.
import '@/lib/server/runtime';
import { connectConsoleDb, type ConsoleDbConnection } from '@/lib/server/db/connect';
import { migrateConsoleDb } from '@/lib/server/auth';
import { IMPORT_JOB_KINDS, importKindName } from '@/lib/server/imports/import-job';
import { prepareRevert } from '@/lib/server/imports/revert';
import * as store from '@/lib/server/imports/store';
import { JobRunner } from '@/lib/server/jobs/runner';
import { createJob, getJob } from '@/lib/server/jobs/store';
import { readBackWithTicket, storeReadBack, type MirrorEntityName, type ReadBack } from '@/lib/server/mirror';
import { runMirrorRound } from '@/lib/server/mirror/testing/round';
import { createUpstreamClient, type UpstreamClient } from '@/lib/server/upstream';
import { CREDS, IDS, testSeed } from '@/service/testing/fixtures';
import { startPostgres } from '@/service/testing/postgres';
import { pinCores, startServiceProcess } from './service-process';
import { benchOptions } from './harness/options';

const values = benchOptions({ rows: 100_000, concurrency: 4, console: 'both' });
const ROWS = values.rows;
const seconds = (start: number) => (performance.now() - start) / 1000;
const user = { id: 'bench', email: 'bench@example.com' };

async function runJob(conn: ConsoleDbConnection, upstream: UpstreamClient, importId: string, chunks: number) {
  const db = conn.db;
  const runner = new JobRunner({
    db,
    kinds: Object.values(IMPORT_JOB_KINDS),
    upstream,
    concurrency: values.concurrency,
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
  });
  const jobId = await createJob(db, {
    kind: importKindName('prices'),
    tenant: 'bench',
    params: { importId, family: 'prices' },
    rerunExpired: true,
    units: Array.from({ length: chunks }, (_, chunk) => ({ key: String(chunk), input: { importId, chunk } })),
  });
  await store.markStarted(db, importId, jobId);
  runner.start();
  for (;;) {
    const job = await getJob(db, jobId);
    if (job && !['planning', 'running'].includes(job.state)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await runner.stop();
  await store.settle(db, importId);
}

async function round(label: string, open: () => Promise<{ conn: ConsoleDbConnection; close: () => Promise<void> }>) {
  const serviceCore = pinCores();
  const service = await startServiceProcess(testSeed(), ['--memory'], { cpu: serviceCore ?? undefined });
  const upstream = createUpstreamClient({
    baseUrl: service.baseUrl,
    clientId: CREDS.erp.clientId,
    clientSecret: CREDS.erp.secret,
    timeoutMs: 120_000,
  });
  const { conn, close } = await open();
  await migrateConsoleDb(conn.db, { secret: 'b'.repeat(40), baseURL: 'http://console.test' });
  const created = await upstream.batch(
    'skus',
    Array.from({ length: ROWS }, (_, n) => ({
      productId: IDS.acme.product,
      outerSysCode: `RB${n}`,
      name: `Revert bench ${n}`,
      price: 500,
      sellPrice: 100 + (n % 300),
    })),
    { chunkSize: store.CHUNK_SIZE, concurrency: values.concurrency },
  );
  const ids = created.map((r) => Number((r as { id?: number }).id));
  await runMirrorRound({ db: conn.db, client: upstream, tenant: 'bench', sweepMs: 3_600_000 });

  let t = performance.now();
  const importId = await store.createImport(
    conn.db,
    {
      family: 'prices',
      fileName: 'prices.csv',
      encoding: 'utf-8',
      delimiter: ',',
      headers: ['skuId', 'sellPrice'],
      mapping: ['skuId', 'sellPrice'],
      totalRows: ROWS,
    },
    user,
  );
  for (let from = 0; from < ROWS; from += store.UPLOAD_PART_ROWS) {
    const part = ids.slice(from, from + store.UPLOAD_PART_ROWS).map((skuId, i) => ({
      rowNo: from + i,
      line: from + i + 2,
      cells: [String(skuId), '450'],
      item: { skuId, sellPrice: 450 },
      errors: [],
      warnings: [],
    }));
    await store.appendRows(conn.db, importId, 'prices', part);
  }
  await runJob(conn, upstream, importId, await store.assignChunks(conn.db, importId));
  const importSeconds = seconds(t);
  const imported = (await store.getImport(conn.db, importId))!.counts.updated;

  t = performance.now();
  const { revertId, chunks } = await prepareRevert(conn.db, upstream, importId, user, { include: [], exclude: [] });
  const preparedSeconds = seconds(t);
  await runJob(conn, upstream, revertId, chunks);
  const revertSeconds = seconds(t);
  const restored = (await store.getImport(conn.db, revertId))!.counts.updated;

  await close();
  await service.stop();
  if (imported !== ROWS || restored !== ROWS) throw new Error(`imported ${imported}, restored ${restored} of ${ROWS}`);
  console.log(`${label}: import of ${ROWS} prices ${importSeconds.toFixed(1)} s; revert ${revertSeconds.toFixed(1)} s`);
  console.log(
    `  (review and rows stored ${preparedSeconds.toFixed(1)} s, its job ${(revertSeconds - preparedSeconds).toFixed(1)} s)`,
  );
  console.log(`  ratio revert/import: ${(revertSeconds / importSeconds).toFixed(2)} (target ≤ 1.1)`);
}

if (values.console !== 'postgres') {
  await round('embedded (PGlite in a folder)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bench-revert-'));
    const conn = connectConsoleDb({ dataDir: dir });
    return {
      conn,
      close: async () => {
        await conn.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
}
if (values.console !== 'pglite') {
  const server = await startPostgres({ durable: true });
  await round('Postgres', async () => {
    const conn = connectConsoleDb({ url: await server.createDatabase('bench_revert_console') });
    return { conn, close: () => conn.close() };
  });
  await server.stop();
}
process.exit(0);
