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
let running: Promise<PostgresServer> | null = null;
let users = 0;

export default async function setup(project: TestProject) {
  if (!postgresAvailable()) return;
  // Two files of each of the two workers at a time, each with a few pools of up to 10 connections.
  running ??= startPostgres({ settings: { max_connections: '400' } });
  users += 1;
  const server = await running;
  const address: ClusterAddress = { url: server.url, port: server.port, pid: server.pid, socketDir: server.socketDir };
  project.provide('runPostgres', address);
  return async () => {
    users -= 1;
    if (users === 0 && running) {
      const stopping = running;
      running = null;
      await (await stopping).stop();
    }
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    runPostgres: ClusterAddress | undefined;
  }
}
