import { inject } from 'vitest';

// The run's Postgres cluster (postgres.global.ts), where testCluster() (service/testing/postgres.ts) makes the
// files' databases. Set here without importing pg into every file.
Reflect.set(globalThis, Symbol.for('test-run-postgres'), inject('runPostgres'));
