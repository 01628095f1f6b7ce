import { startRuntime } from './lib/server/runtime';
import { consoleDatabaseOrExit, envOrExit } from './lib/server/startup';

const env = envOrExit();

const building = process.env.NEXT_PHASE === 'phase-production-build';

// A console database that cannot be reached stops the start with its name, not a 500 at the first sign-in.
if (!building && env.database.url) await consoleDatabaseOrExit(env.database.url);

// The process's runtime (lib/server/runtime) opens its databases and starts the job runner now, so a restarted
// console resumes its unfinished jobs before anyone visits. This bundle has its own copies of the console's
// modules, but what it starts is held once per process and used by the route bundles through its methods
// (lib/server/process says why that is safe); auth and the upstream clients are built again in each bundle.
// Not awaited: the server listens meanwhile, and a part that failed to open opens at its next use. Never
// during `next build` (its workers may load this hook too).
if (!building) {
  void startRuntime({ accounts: true }).catch((error: unknown) => {
    console.error(
      `start: ${error instanceof Error ? error.message : String(error)}; trying again at the first request that needs it.`,
    );
  });
}
