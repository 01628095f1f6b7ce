/**
 * Export benchmark (issue 17 point 6): N SKUs (default 100,000) exported through the console's export job
 * (the job runtime reading 100-row pages in parallel, then the CSV written from the stored pages with product
 * and category names) beside the same pages read straight from the service through the same signing client
 * with the same concurrency. Both go through the service's fetch handler in-process, signed and verified as
 * over HTTP, so the difference is what the console adds: claiming units, storing each page, writing the file.
 *
 *   npm run bench:export [-- --skus 100000 --concurrency 8 --console postgres|pglite]
 * Target: ratio (direct time ÷ console time) ≥ 0.5.
 *
 * Then (issue 31) the finished export written as CSV and as an Excel workbook (exceljs's streaming writer),
 * each from the same stored pages, with the time and how much each adds to the process's peak memory (RSS
 * sampled while it writes, after a garbage collection). Targets: .xlsx time ≤ 2 × CSV's, ≤ +200 MB.
 */
import { migratedConsoleDb } from './harness/console-db';
import { benchOptions } from './harness/options';
import { BENCH_CREDS, benchSku, benchTenantSeed } from './harness/seed';
import os from 'node:os';
import pLimit from 'p-limit';
import type { SeedFile } from '@/lib/contract';
import { EXPORT_JOB, exportCsv, exportJob, planExport } from '@/lib/server/exports/export-job';
import { exportXlsx } from '@/lib/server/exports/export-xlsx';
import { sheetRows } from '@/lib/files/workbook';
import { readWorkbook } from '@/lib/files/xlsx-read';
import { limitedFetch } from '@/lib/server/jobs/limited-fetch';
import { JobRunner } from '@/lib/server/jobs/runner';
import { createJob, getJob } from '@/lib/server/jobs/store';
import { createUpstreamClient } from '@/lib/server/upstream';
import { SkewTracker } from '@/lib/server/upstream/skew';
import { createService } from '@/service/app';
import { startPostgres } from '@/service/testing/postgres';

const values = benchOptions({ skus: 100_000, products: 2000, concurrency: 8, console: 'postgres', rounds: 2 });
const { skus: SKUS, products: PRODUCTS, concurrency: CONCURRENCY, rounds: ROUNDS } = values;

function seed(): SeedFile {
  const products = Array.from({ length: PRODUCTS }, (_, i) => ({
    id: i + 1,
    outerSysCode: `BP${String(i + 1).padStart(6, '0')}`,
    name: `測試商品 ${i + 1}`,
    productCategoryId: 2 + (i % 3),
    status: 'Active' as const,
  }));
  const skus = Array.from({ length: SKUS }, (_, i) =>
    benchSku(i, {
      id: PRODUCTS + i + 1,
      productId: (i % PRODUCTS) + 1,
      outerSysCode: `BS${String(i + 1).padStart(7, '0')}`,
      name: `規格 ${i + 1} 台北倉`,
      barcode: `471${String(i).padStart(10, '0')}`,
      unit: '盒',
      spec: '12入',
      inventoryQty: i % 500,
    }),
  );
  return benchTenantSeed({
    productCategories: [
      { id: 1, name: '飲料', parentId: null },
      { id: 2, name: '茶', parentId: 1 },
      { id: 3, name: '咖啡', parentId: 1 },
      { id: 4, name: '果汁', parentId: 1 },
    ],
    products,
    skus,
  });
}

async function main() {
  const server = await startPostgres({ durable: true });
  const service = await createService({ databaseUrl: await server.createDatabase('bench_service'), seed: seed() });
  const consoleDb = await migratedConsoleDb(
    values.console === 'pglite' ? { dataDir: 'memory://' } : { url: await server.createDatabase('bench_console') },
  );
  const client = () =>
    createUpstreamClient({
      baseUrl: 'http://embedded.invalid',
      clientId: BENCH_CREDS.clientId,
      clientSecret: BENCH_CREDS.secret,
      fetch: limitedFetch((request) => service.fetch(request), { concurrency: CONCURRENCY }),
      skew: new SkewTracker(),
    });
  try {
    await service.db.exec('vacuum analyze');
    // The pages both sides read: every SKU page, and the product and category pages for the names.
    const { units } = await planExport(client(), 'skus', {});
    const pages = units.map((u) => u.input);

    // Direct: the same pages straight from the service, CONCURRENCY in flight, rows kept in memory.
    const direct = async () => {
      const upstream = client();
      const limit = pLimit(CONCURRENCY);
      const started = performance.now();
      let rows = 0;
      await Promise.all(
        pages.map((p) =>
          limit(async () => {
            const list = p.list === 'main' ? 'skus' : p.list === 'products' ? 'products' : 'productCategories';
            const page = await upstream.list(list, { page: p.page, pageSize: 100 });
            if (p.list === 'main') rows += page.data.length;
          }),
        ),
      );
      return { seconds: (performance.now() - started) / 1000, rows };
    };
    // Through the console: plan (three counts), the job runtime reads and stores every page, the CSV is written.
    const viaConsole = async (round: number) => {
      const upstream = client();
      const started = performance.now();
      const plan = await planExport(upstream, 'skus', {});
      const id = await createJob(consoleDb.db, {
        kind: EXPORT_JOB,
        tenant: `bench-${round}`,
        params: { resource: 'skus', filters: {}, totalCount: plan.totalCount },
        rerunExpired: true,
        units: plan.units,
      });
      const runner = new JobRunner({
        db: consoleDb.db,
        kinds: [exportJob],
        upstream,
        concurrency: CONCURRENCY,
        pollMs: 25,
      });
      runner.start();
      let job = await getJob(consoleDb.db, id);
      while (job?.state !== 'succeeded') {
        if (job?.state === 'failed' || job?.state === 'cancelled') throw new Error(`export ${job.state}: ${job.error}`);
        await new Promise((r) => setTimeout(r, 25));
        job = await getJob(consoleDb.db, id);
      }
      const jobSeconds = (performance.now() - started) / 1000;
      await runner.stop();
      let bytes = 0;
      let lines = 0;
      for await (const part of exportCsv(consoleDb.db, id, 'skus', (k) => k)) {
        bytes += Buffer.byteLength(part);
        for (let i = part.indexOf('\n'); i >= 0; i = part.indexOf('\n', i + 1)) lines++;
      }
      if (lines - 1 !== SKUS) throw new Error(`export wrote ${lines - 1} rows of ${SKUS}`);
      return { seconds: (performance.now() - started) / 1000, jobSeconds, bytes, id };
    };
    // One finished export written as a file, timed, with the most it added to the process's memory.
    const writeFile = async (id: string, format: 'csv' | 'xlsx') => {
      (globalThis as { gc?: () => void }).gc?.();
      const base = process.memoryUsage().rss;
      let peak = base;
      const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
      const started = performance.now();
      let bytes = 0;
      const parts =
        format === 'csv'
          ? exportCsv(consoleDb.db, id, 'skus', (k) => k)
          : exportXlsx(consoleDb.db, id, 'skus', (k) => k);
      for await (const part of parts) {
        bytes += typeof part === 'string' ? Buffer.byteLength(part) : part.length;
        peak = Math.max(peak, process.memoryUsage().rss);
      }
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sample);
      return { seconds, bytes, addedMb: (peak - base) / 1024 / 1024 };
    };

    await direct();
    const directs = [];
    const consoles = [];
    for (let round = 1; round <= ROUNDS; round++) {
      directs.push(await direct());
      consoles.push(await viaConsole(round));
    }
    const d = [...directs].sort((a, b) => a.seconds - b.seconds)[0]!;
    const c = [...consoles].sort((a, b) => a.seconds - b.seconds)[0]!;
    console.log(
      `export bench: ${SKUS} SKUs (${PRODUCTS} products), ${pages.length} pages, concurrency ${CONCURRENCY}, service on postgres, console db on ${values.console}, ${os.cpus().length} cpus`,
    );
    for (let i = 0; i < directs.length; i++) {
      console.log(
        `  round ${i + 1}: direct ${directs[i]!.seconds.toFixed(2)} s, console ${consoles[i]!.seconds.toFixed(2)} s (job ${consoles[i]!.jobSeconds.toFixed(2)} s)`,
      );
    }
    console.log(`  direct page reads:        ${d.seconds.toFixed(2)} s (${Math.round(d.rows / d.seconds)} rows/s)`);
    console.log(
      `  console export (job+CSV): ${c.seconds.toFixed(2)} s (${Math.round(SKUS / c.seconds)} rows/s, ${(c.bytes / 1e6).toFixed(1)} MB CSV)`,
    );
    console.log(`  ratio (direct time / console time): ${(d.seconds / c.seconds).toFixed(2)} (target ≥ 0.5)`);

    // The same finished export as CSV and as .xlsx, alternately, best of ROUNDS each.
    const files = {
      csv: [] as Awaited<ReturnType<typeof writeFile>>[],
      xlsx: [] as Awaited<ReturnType<typeof writeFile>>[],
    };
    for (let round = 1; round <= ROUNDS; round++) {
      files.csv.push(await writeFile(c.id, 'csv'));
      files.xlsx.push(await writeFile(c.id, 'xlsx'));
    }
    const best = (runs: typeof files.csv) => ({
      ...[...runs].sort((a, b) => a.seconds - b.seconds)[0]!,
      addedMb: Math.max(...runs.map((r) => r.addedMb)),
    });
    const [csvFile, xlsxFile] = [best(files.csv), best(files.xlsx)];
    // The workbook holds every row, each cell as written.
    const parts: Uint8Array[] = [];
    for await (const part of exportXlsx(consoleDb.db, c.id, 'skus', (k) => k)) parts.push(part);
    const rows = sheetRows(readWorkbook(new Uint8Array(Buffer.concat(parts))).data).rows.length;
    if (rows !== SKUS) throw new Error(`the workbook holds ${rows} rows of ${SKUS}`);
    const job = c.jobSeconds;
    console.log(
      `  file from the finished job, best of ${ROUNDS}: CSV ${csvFile.seconds.toFixed(2)} s (${(csvFile.bytes / 1e6).toFixed(1)} MB, +${csvFile.addedMb.toFixed(0)} MB peak); .xlsx ${xlsxFile.seconds.toFixed(2)} s (${(xlsxFile.bytes / 1e6).toFixed(1)} MB, +${xlsxFile.addedMb.toFixed(0)} MB peak)`,
    );
    console.log(
      `  export time (job ${job.toFixed(2)} s + file): CSV ${(job + csvFile.seconds).toFixed(2)} s, .xlsx ${(job + xlsxFile.seconds).toFixed(2)} s; ratio ${((job + xlsxFile.seconds) / (job + csvFile.seconds)).toFixed(2)}× (target ≤ 2×); file alone ${(xlsxFile.seconds / csvFile.seconds).toFixed(2)}×; .xlsx adds ${xlsxFile.addedMb.toFixed(0)} MB to peak memory (target ≤ 200 MB)`,
    );
  } finally {
    await consoleDb.close();
    await service.close();
    await server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
