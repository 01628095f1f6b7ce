import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('.', import.meta.url)),
      // `server-only` throws outside a React Server environment; tests run server code in plain Node.
      'server-only': fileURLToPath(new URL('./lib/testing/server-only-stub.ts', import.meta.url)),
    },
  },
  test: {
    include: ['{lib,service,app,components,scripts}/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Each in-memory PGlite starts from one empty cluster made once per run instead of its own initdb.
    globalSetup: ['lib/testing/pglite-template.global.ts'],
    // runtime.setup.ts installs the process's parts for server tests (lib/server/process).
    setupFiles: ['lib/testing/pglite-template.setup.ts', 'lib/testing/runtime.setup.ts'],
    // Vitest's default is one worker per core but one, i.e. a single worker on CI's two cores, which then sits idle
    // while a file waits on a child Postgres, a timer or a socket.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
