import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const TESTS = '**/*.test.{ts,tsx}';

/**
 * Most test files share their worker's modules (`isolate: false`) instead of each starting a process of its own
 * and loading zod, the contract, the catalogues and the server's modules again: on a busy 2-core machine that
 * halved the CPU of these folders' runs (69 plain-code files 91 → 44 s; proxy, history and audit 207 → 109 s), the
 * same tests passing. A file keeps a process of its own (the `isolated` project) when what it tests lives in the
 * process: the environment read once, the runtime's parts, jobs and timers of the mirror, child processes, Postgres.
 */
/** Plain code: the contract, words, files, imports' checks, the browser's helpers, components' and pages' logic. */
const SHARED_FOLDERS = [
  'lib/contract',
  'lib/i18n',
  'lib/files',
  'lib/imports',
  'lib/client',
  'lib/signing',
  'components',
  // Route groups' parentheses are glob syntax: escaped, they match the folder's name.
  'app/\\(auth\\)',
  'app/\\(console\\)',
];
/**
 * Server folders whose tests build the parts they use (a database, a service, a client) and set no environment:
 * 52 files, 421 tests, passed sharing workers; then the jobs, the mirror, imports, undo, sync, the database, quotas
 * exports and the reference service (service/), whose files each open their own databases and services and stop
 * their own timers. Not here: the runtime (its tests set process.env and start workers), telemetry, metrics (one
 * registry for the process), the environment, the console API (its tests set the demo's environment), app/api,
 * app/v1 and scripts/.
 */
const SHARED_SERVER_FOLDERS = [
  'service',
  'lib/server/jobs',
  'lib/server/mirror',
  'lib/server/imports',
  'lib/server/undo',
  'lib/server/sync',
  'lib/server/db',
  'lib/server/quotas',
  'lib/server/exports',
  'lib/server/proxy',
  'lib/server/audit',
  'lib/server/history',
  'lib/server/upstream',
  'lib/server/auth',
  'lib/server/accounts',
  'lib/server/approvals',
  'lib/server/attention',
  'lib/server/developers',
  'lib/server/preferences',
  'lib/server/log',
  'lib/server/http',
  'lib/server/home',
];

/**
 * Files in those folders that change what the process holds (the clock, globals such as fetch or window, the
 * module registry, process.env, a spy on a shared schema): they keep a process of their own, so nothing they
 * change reaches another file. A new test that does such a thing goes here.
 */
const OWN_PROCESS = [
  'components/data-table/zoned-date-time.test.ts',
  'lib/client/imports/upload.test.ts',
  'lib/client/zod-config.test.ts',
  'lib/i18n/browser-errors.test.ts',
  'lib/imports/check.test.ts',
  'lib/signing/signing.test.ts',
  'lib/server/auth/sso.test.ts',
  // These import the runtime, as an entry point does, which installs the process's parts for whatever runs next.
  'lib/server/imports/upload.test.ts',
  'lib/server/quotas/refresh.test.ts',
  'lib/server/undo/revert.test.ts',
  // A new rules version is evaluated once per process, after its first pass: this test needs that first pass.
  'lib/server/mirror/passes/new-rules.test.ts',
];

const inFolders = (folders: string[]) => folders.map((folder) => `${folder}/${TESTS}`);
const shared = inFolders(SHARED_FOLDERS);
const sharedServer = inFolders(SHARED_SERVER_FOLDERS);

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('.', import.meta.url)),
      // `server-only` throws outside a React Server environment; tests run server code in plain Node.
      'server-only': fileURLToPath(new URL('./lib/testing/server-only-stub.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    // Each in-memory PGlite starts from one empty cluster made once per run instead of its own initdb.
    globalSetup: ['lib/testing/pglite-template.global.ts', 'lib/testing/postgres.global.ts'],
    // No file loads the runtime for every test (about 5 s of CPU a file): the tests of code that uses the process's
    // parts (lib/server/process) import '@/lib/server/runtime' themselves, as every entry point does.
    setupFiles: ['lib/testing/pglite-template.setup.ts', 'lib/testing/postgres.setup.ts'],
    // Vitest's default is one worker per core but one, i.e. a single worker on CI's two cores, which then sits idle
    // while a file waits on a child Postgres, a timer or a socket.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: 'shared', include: shared, exclude: OWN_PROCESS, isolate: false } },
      { extends: true, test: { name: 'shared-server', include: sharedServer, exclude: OWN_PROCESS, isolate: false } },
      {
        extends: true,
        test: {
          name: 'isolated',
          include: [`{lib,service,app,components,scripts}/${TESTS}`],
          exclude: [...shared, ...sharedServer],
        },
      },
      // Vitest's exclude wins over include, so the files of shared folders that need a process of their own are a project too.
      { extends: true, test: { name: 'own-process', include: OWN_PROCESS } },
    ],
  },
});
