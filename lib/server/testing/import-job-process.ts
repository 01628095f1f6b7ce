/**
 * A console process as far as imports go, for the kill test: the job runtime's runner with the import job
 * kinds, on a console database folder, against an upstream over HTTP. Run with
 *   node --conditions=react-server --import tsx lib/server/testing/import-job-process.ts
 * Env: CONSOLE_DATA_DIR (PGlite) or CONSOLE_DATABASE_URL (Postgres), UPSTREAM_BASE_URL, UPSTREAM_CLIENT_ID, UPSTREAM_CLIENT_SECRET, JOB_ID,
 * LEASE_MS, CONCURRENCY. Exits 0 once the job has ended and its import is settled; a test may kill it first.
 */
// An entry point: the import planner's wake-ups are the process's parts, which the runtime installs.
import '../runtime';
import { connectConsoleDb } from '../db/connect';
import { migrateConsoleDb } from '../auth';
import { JobRunner } from '../jobs/runner';
import { getJob } from '../jobs/store';
import { createUpstreamClient } from '../upstream';
import { IMPORT_KINDS } from '../runtime/job-kinds';
import * as store from '../imports/store';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};

const url = process.env.CONSOLE_DATABASE_URL;
const connection = connectConsoleDb(url ? { url } : { dataDir: env('CONSOLE_DATA_DIR') });
await migrateConsoleDb(connection.db, { secret: 'k'.repeat(40), baseURL: 'http://console.test' });
const upstream = createUpstreamClient({
  baseUrl: env('UPSTREAM_BASE_URL'),
  clientId: env('UPSTREAM_CLIENT_ID'),
  clientSecret: env('UPSTREAM_CLIENT_SECRET'),
  timeoutMs: 10_000,
});
const runner = new JobRunner({
  db: connection.db,
  kinds: Object.values(IMPORT_KINDS),
  upstream,
  concurrency: Number(process.env.CONCURRENCY ?? 2),
  leaseMs: Number(process.env.LEASE_MS ?? 1_000),
  pollMs: 50,
  flushMs: 20,
});
runner.start();
process.stdout.write('runner started\n');

const jobId = env('JOB_ID');
for (;;) {
  await new Promise((resolve) => setTimeout(resolve, 100));
  const job = await getJob(connection.db, jobId);
  if (job && !['planning', 'running'].includes(job.state)) break;
}
await runner.stop();
const { importId } = (await getJob(connection.db, jobId))!.params as { importId: string };
await store.settle(connection.db, importId);
await connection.close();
process.stdout.write('job finished\n');
process.exit(0);
