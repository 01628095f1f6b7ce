import { connectConsoleDb } from '@/lib/server/db/connect';
import { migrateConsoleDb } from '@/lib/server/db/migrate';
import { IMPORT_JOB_KINDS, importKindName } from '@/lib/server/imports/import-job';
import * as store from '@/lib/server/imports/store';
import { storePart } from '@/lib/server/imports/upload';
import { JobRunner } from '@/lib/server/jobs/runner';
import { createJob, getJob } from '@/lib/server/jobs/store';
import { selfCpuSeconds } from './cpu';
const ROWS = 100_000;
const LAT = Number(process.env.LAT ?? 0);
const consoleDb = connectConsoleDb({ dataDir: process.env.DIR ?? 'memory://' });
const db = consoleDb.db;
await migrateConsoleDb(db, { secret: 'b'.repeat(40), baseURL: 'http://console.test' });
const headers = ['productId','outerSysCode','name','unit','spec','price','sellPrice'];
const rows = Array.from({ length: ROWS }, (_, i) => {
  const cells = ['1', `CO${i}`, `高山烏龍茶 ${i}`, '包', `${(i % 7) * 50 + 50}g`, `${100 + (i % 50)}`, `${90 + (i % 50)}`];
  return { rowNo: i, line: i + 2, cells, item: { productId: 1, outerSysCode: `CO${i}`, name: cells[2], unit: '包', spec: cells[4], price: 100 + (i % 50), sellPrice: 90 + (i % 50) }, errors: [], warnings: [] };
});
let c = selfCpuSeconds(); let t = performance.now(); const t0 = t;
const lap = (label: string) => { console.log(`${label}: wall ${((performance.now() - t) / 1000).toFixed(2)} s, cpu ${(selfCpuSeconds() - c).toFixed(2)} s`); c = selfCpuSeconds(); t = performance.now(); };
let next = 1; let sent = 0; let firstSend = 0;
const fake = { async batchBytes(_f: string, _b: Uint8Array, count: number) { if (!firstSend) firstSend = performance.now() - t0; await new Promise((r) => setTimeout(r, LAT)); sent++; return Array.from({ length: count }, (_, index) => ({ index, status: 'created', id: next++, errors: [] })); } };
const runner = new JobRunner({ db, kinds: Object.values(IMPORT_JOB_KINDS), upstream: fake as never, concurrency: 4 });
runner.start();
const importId = await store.createImport(db, { family: 'skus', fileName: 'b.csv', encoding: 'utf-8', delimiter: ',', headers, mapping: headers, totalRows: ROWS }, { id: 'b', email: 'b@e.com' });
let jobId = '';
for (let from = 0; from < ROWS; from += store.UPLOAD_PART_ROWS) {
  await storePart(db, importId, rows.slice(from, from + store.UPLOAD_PART_ROWS));
  if (!jobId) { jobId = await createJob(db, { kind: importKindName('skus'), tenant: 'bench', params: { importId, family: 'skus' }, rerunExpired: true }); await store.markStarted(db, importId, jobId); runner.wake(); }
  await new Promise((r) => setImmediate(r));
  console.log(`part ${from} at ${((performance.now() - t0) / 1000).toFixed(2)} s, chunks sent ${sent}`);
}
lap('store');
for (;;) { const job = await getJob(db, jobId); if (job && !['planning', 'running'].includes(job.state)) break; await new Promise((r) => setTimeout(r, 100)); }
await runner.stop();
console.log('first send at', (firstSend / 1000).toFixed(2));
lap('send rest');
await consoleDb.close();
process.exit(0);
