/**
 * `npm run worker`: the job runtime (imports, exports, quota refresh, bulk edit, retention, the mirror's passes)
 * without pages, for production where web instances run with JOBS_RUNNER=off. Same environment as the web
 * instances (the console database, the upstream); several workers share one Postgres, each claiming units under a
 * lease.
 *
 * On SIGTERM or SIGINT it stops taking units, lets the units in flight finish within SHUTDOWN_GRACE_MS, hands
 * the rest back at once (another worker takes them on its next look, within a second) and exits.
 */
import { runtime, startRuntime } from '@/lib/server/runtime';
import { consoleDatabaseOrExit, envOrExit, stopOnSignal } from '@/lib/server/startup';

const env = envOrExit();
if (!env.jobs.runner) {
  console.error('JOBS_RUNNER is off: a worker only runs jobs. Unset it (or set it to on) for the worker.');
  process.exit(1);
}
// Workers and web instances share the console database and the upstream, so both must be servers: a PGlite
// folder (or the embedded service's) opens in one process only. Demo mode runs the jobs in its web process.
if (!env.database.url || env.upstream.mode === 'embedded') {
  console.error(
    'A worker needs DATABASE_URL (Postgres) and UPSTREAM_BASE_URL, shared with the web instances; without them the web process runs the jobs itself.',
  );
  process.exit(1);
}
await consoleDatabaseOrExit(env.database.url);

stopOnSignal(env.shutdownGraceMs, async (signal) => {
  console.log(`${signal}: handing back job units (at most ${env.shutdownGraceMs} ms)…`);
  await runtime().stop({ graceMs: env.shutdownGraceMs });
});

await startRuntime({ accounts: false });
console.log(`worker ${process.pid}: running jobs (${env.jobs.concurrency} requests at once).`);
