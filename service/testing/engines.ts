import type { SeedFile } from '@/lib/contract';
import { createService, type Service, type ServiceOptions } from '../app';
import { postgresAvailable, testCluster, type PostgresServer } from './postgres';

/**
 * The storage engines every service test runs against: PGlite in memory always; a real Postgres on
 * loopback when its binaries are installed. In CI (CI set) Postgres must run, so a missing initdb fails
 * instead of skipping.
 */
export interface Engine {
  name: 'pglite' | 'postgres';
  /** A fresh service on a fresh, seeded database. */
  start(
    seed: SeedFile,
    options?: Omit<ServiceOptions, 'db' | 'seed' | 'memory' | 'dataDir' | 'databaseUrl'>,
  ): Promise<Service>;
}

let shared: Promise<PostgresServer> | null = null;

/** The test run's cluster (or one of this file's own outside a test run); each service gets its own database in it. */
function cluster(): Promise<PostgresServer> {
  if (!shared) {
    shared = testCluster();
    const stop = async () => (await shared)?.stop();
    process.once('beforeExit', () => void stop());
  }
  return shared;
}

/** Stops this file's cluster; call from afterAll so a worker does not keep postgres running. */
export async function stopEngines(): Promise<void> {
  if (!shared) return;
  const server = await shared;
  shared = null;
  await server.stop();
}

export function engines(): Engine[] {
  const list: Engine[] = [
    { name: 'pglite', start: (seed, options) => createService({ ...options, memory: true, seed }) },
  ];
  if (postgresAvailable() || process.env.CI) {
    list.push({
      name: 'postgres',
      start: async (seed, options) => {
        const server = await cluster();
        return createService({ ...options, databaseUrl: await server.createDatabase(), seed });
      },
    });
  }
  return list;
}
