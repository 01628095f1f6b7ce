/**
 * Revert benchmark (issue 56 point 6): a price import of `--rows` SKUs through the console's import path (rows
 * stored part by part while its job sends, as a browser's upload), then its revert as "Revert this import" starts
 * it (the job started at once, the rows compared with /v1 and stored page by page while it sends; the review
 * read before it is printed apart, as the import's check of its file is not counted either), on the
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
import { importKindName } from '@/lib/server/imports/import-job';
import { IMPORT_KINDS } from '@/lib/server/runtime/job-kinds';
import { prepareRevert, reviewRevert } from '@/lib/server/undo/revert';
import * as store from '@/lib/server/imports/store';
import { storePart } from '@/lib/server/imports/upload';
import { JobRunner } from '@/lib/server/jobs/runner';
import { createJob, getJob } from '@/lib/server/jobs/store';
import { readBackWithTicket, storeReadBack, type MirrorEntityName, type ReadBack } from '@/lib/server/mirror';
import { runMirrorRound } from '@/lib/server/testing/mirror-round';
import { createUpstreamClient, type UpstreamClient } from '@/lib/server/upstream';
import { CREDS, IDS, testSeed } from '@/service/testing/fixtures';
import { startPostgres } from '@/service/testing/postgres';
import { pinCores, startServiceProcess } from './service-process';
import { benchOptions } from './harness/options';

const values = benchOptions({ rows: 100_000, concurrency: 4, console: 'both' });
const ROWS = values.rows;
const seconds = (start: number) => (performance.now() - start) / 1000;
const user = { id: 'bench', email: 'bench@example.com' };

function jobRunner(conn: ConsoleDbConnection, upstream: UpstreamClient) {
  const db = conn.db;
  return new JobRunner({
    db,
    kinds: Object.values(IMPORT_KINDS),
    upstream,
    concurrency: values.concurrency,
    readBack: (written, sentAt) =>
      readBackWithTicket(
        db,
        upstream,
        { entity: written.entity as MirrorEntityName, ids: written.ids },
        { since: sentAt },
      ),
    storeReadBacks: (trx, readBacks) => storeReadBack(trx, readBacks as readonly ReadBack[]),
  });
}

/** The import's job as the console starts it: its chunks at once, or (`chunks` null) listed as rows arrive. */
async function startJob(conn: ConsoleDbConnection, importId: string, chunks: number | null) {
  const jobId = await createJob(conn.db, {
    kind: importKindName('prices'),
    tenant: 'bench',
    params: { importId, family: 'prices' },
    rerunExpired: true,
    units:
      chunks === null
        ? undefined
        : Array.from({ length: chunks }, (_, chunk) => ({ key: String(chunk), input: { importId, chunk } })),
  });
  await store.markStarted(conn.db, importId, jobId);
  return jobId;
}

async function untilEnds(conn: ConsoleDbConnection, jobId: string) {
  for (;;) {
    const job = await getJob(conn.db, jobId);
    if (job && !['planning', 'running'].includes(job.state)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
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
  // As the browser uploads a file (lib/server/imports): the first chunk, the start, then the other parts
  // while the job sends.
  const rowsFrom = (from: number, to: number) =>
    ids.slice(from, to).map((skuId, i) => ({
      rowNo: from + i,
      line: from + i + 2,
      cells: [String(skuId), '450'],
      item: { skuId, sellPrice: 450 },
      errors: [],
      warnings: [],
    }));
  let runner = jobRunner(conn, upstream);
  runner.start();
  await storePart(conn.db, importId, rowsFrom(0, store.CHUNK_SIZE));
  const importJob = await startJob(conn, importId, null);
  for (let from = store.CHUNK_SIZE; from < ROWS; from += store.UPLOAD_PART_ROWS)
    await storePart(conn.db, importId, rowsFrom(from, Math.min(ROWS, from + store.UPLOAD_PART_ROWS)));
  await untilEnds(conn, importJob);
  await runner.stop();
  await store.settle(conn.db, importId);
  const importSeconds = seconds(t);
  const imported = (await store.getImport(conn.db, importId))!.counts.updated;

  // The review the person reads before confirming (not counted: the import's check of its file is not either).
  t = performance.now();
  const review = await reviewRevert(conn.db, upstream, importId);
  const reviewSeconds = seconds(t);
  if (review.counts.restore !== ROWS) throw new Error(`the review offers ${review.counts.restore} of ${ROWS}`);

  // "Revert this import" as the console starts it (lib/server/imports startRevert): the job first, the rows
  // compared and stored while its first chunks go out.
  t = performance.now();
  runner = jobRunner(conn, upstream);
  runner.start();
  let jobId = '';
  const { revertId } = await prepareRevert(
    conn.db,
    upstream,
    importId,
    user,
    { include: [], exclude: [] },
    {
      start: async (id) => {
        jobId = await startJob(conn, id, null);
      },
    },
  );
  const preparedSeconds = seconds(t);
  await untilEnds(conn, jobId);
  await runner.stop();
  await store.settle(conn.db, revertId);
  const revertSeconds = seconds(t);
  const restored = (await store.getImport(conn.db, revertId))!.counts.updated;

  await close();
  await service.stop();
  if (imported !== ROWS || restored !== ROWS) throw new Error(`imported ${imported}, restored ${restored} of ${ROWS}`);
  console.log(`${label}: import of ${ROWS} prices ${importSeconds.toFixed(1)} s; revert ${revertSeconds.toFixed(1)} s`);
  console.log(
    `  (all rows compared and stored after ${preparedSeconds.toFixed(1)} s, sending meanwhile; the review before it ${reviewSeconds.toFixed(1)} s)`,
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
