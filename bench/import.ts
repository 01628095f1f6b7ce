/**
 * CSV import benchmark (issue 14).
 *
 * 1. Read and check: the worker's code (readAndCheck: detect the encoding, decode, detect the delimiter, parse
 *    with line numbers, map, check every row with the contract's rules, flag duplicate keys, the summary it
 *    posts, structured-cloned as postMessage does) on a 100,000-row SKU file, beside papaparse's bare
 *    parse of the same text. Targets: ≤ 3 s, and ≤ 2× the bare parse. `--check-only` stops after this part.
 * 2. End to end: the same rows through the console's import path (rows stored in the console database in
 *    upload parts, the import started after the first part as the browser does, so the job runtime's runner
 *    sends chunks while later parts are stored; outcomes recorded; the results page's reads once the job has
 *    ended) versus the rows sent straight to the service's batch endpoint with the same chunk size and
 *    concurrency. Target: console rows/s ≥ 0.9 × direct. Reading every row's result back (Download
 *    results) is timed after, on its own. Both send signed HTTP to the reference service (PGlite in memory)
 *    running in its own process, as an upstream does: in one process the service's single-threaded PGlite
 *    and the console's would take turns on one thread, and the figure would measure that, not the console.
 *    The service runs on one core and this process (the console, or the direct client) on the other, as on
 *    two machines: sharing both cores, the console's CPU (its PGlite database) would slow the service's own
 *    threads, a cost a deployment with the service on its own machine does not have (here a busy loop on
 *    the other core slowed the direct batch alone from 15.0 to 16.9 s). `--shared-cores` runs unpinned.
 *    The browser's HTTP upload is not in the figure.
 *
 *   npm run bench:import [-- --rows 100000 --concurrency 4 --rounds 3 --shared-cores --check-only]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { checkRows } from '@/lib/imports/check';
import { FAMILIES } from '@/lib/imports/families';
import { uploadParts } from '@/lib/imports/import-api';
import { autoMap } from '@/lib/imports/mapping';
import { ISSUE_ROWS_SHOWN } from '@/lib/client/imports/worker-protocol';
import { readAndCheck } from '@/lib/imports/read-check';
// An entry point: the import planner's wake-ups are the process's parts, which the runtime installs.
import '@/lib/server/runtime';
import { connectConsoleDb } from '@/lib/server/db/connect';
import { migrateConsoleDb } from '@/lib/server/auth';
import { importKindName } from '@/lib/server/imports/import-job';
import { IMPORT_KINDS } from '@/lib/server/runtime/job-kinds';
import * as store from '@/lib/server/imports/store';
import { JobRunner } from '@/lib/server/jobs/runner';
import { createJob, getJob } from '@/lib/server/jobs/store';
import { createUpstreamClient } from '@/lib/server/upstream';
import { storePart } from '@/lib/server/imports/upload';
import { CREDS, IDS, testSeed } from '@/service/testing/fixtures';
import { selfCpuSeconds, treeCpuSeconds } from './cpu';
import { pinCores, startServiceProcess } from './service-process';
import { benchOptions } from './harness/options';

const values = benchOptions({ rows: 100_000, concurrency: 4, rounds: 3, 'shared-cores': false, 'check-only': false });
const { rows: ROWS, concurrency: CONCURRENCY, rounds: ROUNDS } = values;
const CHUNK = store.CHUNK_SIZE;

function fileText(prefix: string): string {
  const lines = ['productId,outerSysCode,name,unit,spec,price,sellPrice'];
  for (let i = 0; i < ROWS; i++)
    lines.push(
      `${IDS.acme.product},${prefix}${i},高山烏龍茶 ${i},包,${(i % 7) * 50 + 50}g,${100 + (i % 50)},${90 + (i % 50)}`,
    );
  return lines.join('\r\n') + '\r\n';
}

const seconds = (start: number) => (performance.now() - start) / 1000;

// ---------- 1. Read and check ----------
const text = fileText('RC');
const bytes = new TextEncoder().encode(text);
// Warm up both paths once (JIT), then time.
Papa.parse(text.slice(0, 100_000));
const mapping = autoMap(fileText('').split('\r\n', 1)[0]!.split(','), FAMILIES.skus);
const readCheck = async (input: Uint8Array) => {
  const result = await readAndCheck(input, FAMILIES.skus, mapping, { shown: ISSUE_ROWS_SHOWN });
  structuredClone(result.summary);
  return result;
};
await readCheck(bytes.subarray(0, 100_000));

// Best of five of each, alternating: on a shared machine one run can land on another process's burst. Each
// starts from a collected heap (when run with --expose-gc, as bench:import is), so none pays for the garbage
// the one before left.
let bareSeconds = Infinity;
let readCheckSeconds = Infinity;
// CPU seconds too: on a shared machine a wall time can land on another process's burst.
let bareCpu = Infinity;
let readCheckCpu = Infinity;
let c = 0;
let bare!: Papa.ParseResult<string[]>;
let readChecked!: Awaited<ReturnType<typeof readCheck>>;
let t = 0;
const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});
for (let round = 0; round < 5; round++) {
  collect();
  t = performance.now();
  c = selfCpuSeconds();
  bare = Papa.parse<string[]>(text, { skipEmptyLines: true });
  bareSeconds = Math.min(bareSeconds, seconds(t));
  bareCpu = Math.min(bareCpu, selfCpuSeconds() - c);
  collect();
  t = performance.now();
  c = selfCpuSeconds();
  readChecked = await readCheck(bytes);
  readCheckSeconds = Math.min(readCheckSeconds, seconds(t));
  readCheckCpu = Math.min(readCheckCpu, selfCpuSeconds() - c);
}
if (readChecked.summary.counts.toSend !== ROWS || bare.data.length !== ROWS + 1)
  throw new Error('read-and-check did not see every row');

console.log(
  `read and check ${ROWS} rows: ${readCheckSeconds.toFixed(3)} s; papaparse bare parse: ${bareSeconds.toFixed(3)} s; ratio ${(readCheckSeconds / bareSeconds).toFixed(2)}× (targets ≤ 3 s, ≤ 2×)`,
);
console.log(
  `  CPU: read and check ${readCheckCpu.toFixed(2)} s; bare parse ${bareCpu.toFixed(2)} s; ratio ${(readCheckCpu / bareCpu).toFixed(2)}×`,
);

if (values['check-only']) process.exit(0);
// The rows with their batch items, as the worker makes them when it uploads.
const { read } = readChecked;
const checked = checkRows(FAMILIES.skus, read.headers, mapping, read.rows, read.malformedLines);

// ---------- 2. End to end ----------
// A fresh service (in its own process) for each side of each round: a side would otherwise write into
// tables another filled (larger indexes), which cost the service about 45% more CPU and biased the ratio
// against whichever ran later. Rounds alternate the sides; the ratio held against the target is the median.
// CPU seconds of each process beside the wall times: on a shared machine the wall time moves with the others'
// load, the CPU each side spends much less.
const serviceCore = values['shared-cores'] ? null : pinCores();
console.log(
  serviceCore === null ? 'service and console share the cores' : `service on core ${serviceCore}, console on the other`,
);
const cpuOf = (pid: number) => ({ service: treeCpuSeconds(pid), own: selfCpuSeconds() });
const cpuSince = (pid: number, from: { service: number; own: number }) =>
  `CPU: service ${(treeCpuSeconds(pid) - from.service).toFixed(1)} s, console process ${(selfCpuSeconds() - from.own).toFixed(1)} s`;

const upstreamOf = (baseUrl: string) =>
  createUpstreamClient({
    baseUrl,
    clientId: CREDS.erp.clientId,
    clientSecret: CREDS.erp.secret,
    timeoutMs: 120_000,
  });

const items = (prefix: string) =>
  checked.rows.map((r) => ({ ...r.item, outerSysCode: `${prefix}${(r.item.outerSysCode as string).slice(2)}` }));

async function sendDirect() {
  const service = await startServiceProcess(testSeed(), ['--memory'], { cpu: serviceCore ?? undefined });
  const cpu = cpuOf(service.pid);
  const t = performance.now();
  const direct = await upstreamOf(service.baseUrl).batch('skus', items('DI'), {
    chunkSize: CHUNK,
    concurrency: CONCURRENCY,
  });
  const time = seconds(t);
  const cpuText = cpuSince(service.pid, cpu);
  await service.stop();
  if (direct.some((r) => r.status !== 'created')) throw new Error('direct batch did not create every row');
  return { seconds: time, cpu: cpuText };
}

async function throughConsole() {
  const service = await startServiceProcess(testSeed(), ['--memory'], { cpu: serviceCore ?? undefined });
  const upstream = upstreamOf(service.baseUrl);
  // In a folder on disk, as the console keeps it (CONSOLE_DATA_DIR): PGlite in memory:// grows its files by
  // copying them, a cost the product does not have.
  const consoleDir = mkdtempSync(join(tmpdir(), 'bench-console-'));
  const consoleDb = connectConsoleDb({ dataDir: consoleDir });
  const db = consoleDb.db;
  await migrateConsoleDb(consoleDb.db, { secret: 'b'.repeat(40), baseURL: 'http://console.test' });

  const cpu = cpuOf(service.pid);
  const t = performance.now();
  const toStore = items('CO');
  // As the browser does (lib/client/imports/upload.ts): create, the first part, start, then the other parts
  // while the job already sends. The start as startImport makes it: a job that plans its chunks as rows arrive.
  const runner = new JobRunner({
    db: consoleDb.db,
    kinds: Object.values(IMPORT_KINDS),
    upstream,
    concurrency: CONCURRENCY,
  });
  runner.start();
  const importId = await store.createImport(
    db,
    {
      family: 'skus',
      fileName: 'bench.csv',
      encoding: 'utf-8',
      delimiter: ',',
      headers: read.headers,
      mapping,
      totalRows: ROWS,
    },
    { id: 'bench', email: 'bench@example.com' },
  );
  let jobId = '';
  for (const [from, to] of uploadParts(ROWS)) {
    await storePart(
      db,
      importId,
      checked.rows.slice(from, to).map((r, i) => ({
        rowNo: from + i,
        line: r.line,
        cells: r.cells,
        item: toStore[from + i]!,
        errors: [],
        warnings: [],
      })),
    );
    // The next part comes in its own HTTP request: a turn of the event loop, where the job's answers are read.
    await new Promise((r) => setImmediate(r));
    if (!jobId) {
      jobId = await createJob(consoleDb.db, {
        kind: importKindName('skus'),
        tenant: 'bench',
        params: { importId, family: 'skus' },
        rerunExpired: true,
      });
      await store.markStarted(db, importId, jobId);
      runner.wake();
    }
  }
  const storedAt = seconds(t);
  const sentByThen = Object.entries((await store.getImport(db, importId))!.counts).reduce(
    (n, [k, v]) => n + (['created', 'updated', 'ok', 'failed', 'unknown'].includes(k) ? v : 0),
    0,
  );
  for (;;) {
    // As the results page does, the import's counts and its job's progress; every 100 ms rather than the
    // page's 1 s, so the figure is the import's time, not the page's polling cadence.
    await store.getImport(db, importId);
    const job = await getJob(consoleDb.db, jobId);
    if (job && !['planning', 'running'].includes(job.state)) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await runner.stop();
  const endedAt = seconds(t);
  // The results page once the job has ended: the import's status (importStatus settles it first) and its first
  // page of rows (import-results.tsx asks for 200).
  await store.settle(db, importId);
  const shown = (await store.getImport(db, importId))!;
  const firstPage = await store.listRows(db, importId, { limit: 200 });
  const time = seconds(t);
  const cpuText = cpuSince(service.pid, cpu);
  if (shown.counts.created !== ROWS || firstPage.length !== 200)
    throw new Error(`console import created ${shown.counts.created} of ${ROWS}`);
  // Then every row's result read back, as Download results does (app/api/imports/[id]/results): a step of its
  // own that the direct side has no counterpart for, so printed beside the ratio rather than in it.
  let created = 0;
  for (let after = -1; ;) {
    const page = await store.listRows(db, importId, { afterRowNo: after, limit: 10_000 });
    created += page.filter((r) => r.status === 'created').length;
    if (page.length < 10_000) break;
    after = page[page.length - 1]!.rowNo;
  }
  const allRead = seconds(t) - time;
  if (created !== ROWS) throw new Error(`console import created ${created} of ${ROWS}`);
  await consoleDb.close();
  rmSync(consoleDir, { recursive: true, force: true });
  await service.stop();
  return { seconds: time, cpu: cpuText, storedAt, sentByThen, endedAt, allRead };
}

const ratios: number[] = [];
const withDownload: number[] = [];
for (let round = 1; round <= ROUNDS; round++) {
  const direct = await sendDirect();
  const through = await throughConsole();
  const directRate = ROWS / direct.seconds;
  const consoleRate = ROWS / through.seconds;
  ratios.push(consoleRate / directRate);
  withDownload.push(direct.seconds / (through.seconds + through.allRead));
  console.log(`round ${round}:`);
  console.log(
    `  direct batch (chunks of ${CHUNK}, concurrency ${CONCURRENCY}): ${direct.seconds.toFixed(1)} s, ${directRate.toFixed(0)} rows/s; ${direct.cpu}`,
  );
  console.log(
    `  through the console (upload, job, results page): ${through.seconds.toFixed(1)} s, ${consoleRate.toFixed(0)} rows/s; ${through.cpu}`,
  );
  console.log(
    `    last part stored at ${through.storedAt.toFixed(1)} s (${through.sentByThen} rows sent by then), job ended at ${through.endedAt.toFixed(1)} s, results page read ${(through.seconds - through.endedAt).toFixed(2)} s`,
  );
  console.log(`    then every result read back (Download results): ${through.allRead.toFixed(1)} s`);
  console.log(
    `  ratio console/direct: ${ratios.at(-1)!.toFixed(2)}; with every result read back: ${withDownload.at(-1)!.toFixed(2)}`,
  );
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(
  `ratio console/direct, median of ${ROUNDS}: ${median(ratios).toFixed(2)} (target ≥ 0.9); with every result read back: ${median(withDownload).toFixed(2)}`,
);
process.exit(0);
