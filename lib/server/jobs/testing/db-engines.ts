import { afterAll, describe } from 'vitest';
import { sharedFixture } from '@/lib/testing/shared-fixture';
import { postgresAvailable, testCluster, type PostgresServer } from '@/service/testing/postgres';
import { connectConsoleDb, type ConsoleDbConnection } from '../../db/connect';
import { migrateConsoleDb } from '../../auth';

/** Console databases for job tests: PGlite in memory, and a throwaway Postgres when its binaries exist. */
export interface ConsoleDbEngine {
  name: 'pglite' | 'postgres';
  /** A fresh migrated console database; with Postgres, `connect` opens another pool on the same one. */
  open(): Promise<{ connection: ConsoleDbConnection; connect: () => ConsoleDbConnection; url: string | null }>;
}

const AUTH = { secret: 'z'.repeat(40), baseURL: 'http://console.test' };
let cluster: Promise<PostgresServer> | null = null;

export function consoleDbEngines(): ConsoleDbEngine[] {
  const list: ConsoleDbEngine[] = [
    {
      name: 'pglite',
      async open() {
        const connection = connectConsoleDb({ dataDir: 'memory://' });
        await migrateConsoleDb(connection.db, AUTH);
        return { connection, connect: () => connection, url: null };
      },
    },
  ];
  if (postgresAvailable() || process.env.CI) {
    list.push({
      name: 'postgres',
      async open() {
        cluster ??= testCluster();
        const url = await (await cluster).createDatabase();
        const connection = connectConsoleDb({ url });
        await migrateConsoleDb(connection.db, AUTH);
        return { connection, connect: () => connectConsoleDb({ url }), url };
      },
    });
  }
  return list;
}

export async function stopConsoleDbEngines(): Promise<void> {
  const running = cluster;
  cluster = null;
  await (await running)?.stop();
}

/**
 * A describe block per engine, titled `${title} on <engine>`, whose tests share one fresh console database
 * (`db()`); the file's Postgres cluster is stopped after its last block.
 */
export function describeOnConsoleDbs(
  title: string,
  body: (db: () => ConsoleDbConnection['db'], engine: ConsoleDbEngine) => void,
): void {
  afterAll(stopConsoleDbEngines);
  describe.each(consoleDbEngines())(`${title} on $name`, (engine) => {
    const connection = sharedFixture(async () => (await engine.open()).connection);
    body(() => connection().db, engine);
  });
}
