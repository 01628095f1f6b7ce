import type { TestProject } from 'vitest/node';
import {
  postgresAvailable,
  startPostgres,
  type ClusterAddress,
  type PostgresServer,
} from '../../service/testing/postgres';

/**
 * One PostgreSQL cluster for the whole test run, instead of an initdb and a start in each of the ~45 files that test
 * on Postgres: each file still opens databases of its own in it (testCluster() in service/testing/postgres.ts).
 * Vitest runs a global set-up once per project; the first call starts the cluster, the last teardown stops it.
 */
/**
 * Kept on globalThis: vitest loads a global set-up file once for the run and once per project, each a module
 * instance of its own, so a module-level variable would start five clusters.
 */
const SHARED = Symbol.for('test-run-postgres-cluster');
type Shared = { running: Promise<PostgresServer> | null; users: number };
const shared = (): Shared => {
  const existing: unknown = Reflect.get(globalThis, SHARED);
  if (existing) return existing as Shared;
  const made: Shared = { running: null, users: 0 };
  Reflect.set(globalThis, SHARED, made);
  return made;
};

export default async function setup(project: TestProject) {
  if (!postgresAvailable()) return;
  const state = shared();
  // Two files of each of the two workers at a time, each with a few pools of up to 10 connections.
  state.running ??= startPostgres({ settings: { max_connections: '400' } });
  state.users += 1;
  const server = await state.running;
  const address: ClusterAddress = { url: server.url, port: server.port, pid: server.pid, socketDir: server.socketDir };
  project.provide('runPostgres', address);
  return async () => {
    state.users -= 1;
    if (state.users === 0 && state.running) {
      const stopping = state.running;
      state.running = null;
      await (await stopping).stop();
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    runPostgres: ClusterAddress | undefined;
  }
}
