import { afterAll, describe } from 'vitest';
import { fromMigratedTemplate } from '@/lib/testing/migrated-template';
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
/** By cluster address: the test run's cluster outlives a file, and its template with it. */
const postgresTemplates = new Map<string, Promise<string>>();

/**
 * A database migrated once in this process, which each Postgres console database of the tests copies (`create
 * database … template`) and then migrates as the console does, finding nothing left to do: the same as PGlite's
 * migrated template (lib/testing/migrated-template.ts).
 */
async function migratedTemplate(server: PostgresServer): Promise<string> {
  const name = `console_template_${process.pid}_${Date.now().toString(36)}`;
  const connection = connectConsoleDb({ url: await server.createDatabase(name) });
  try {
    await migrateConsoleDb(connection.db, AUTH);
  } finally {
    await connection.close();
  }
  return name;
}

export function consoleDbEngines(): ConsoleDbEngine[] {
  const list: ConsoleDbEngine[] = [
    {
      name: 'pglite',
      async open() {
        const connection = await fromMigratedTemplate(`console-${JSON.stringify(AUTH)}`, async (dataDir) => {
          const opened = connectConsoleDb({ dataDir });
          await migrateConsoleDb(opened.db, AUTH);
          return opened;
        });
        return { connection, connect: () => connection, url: null };
      },
    },
  ];
  if (postgresAvailable() || process.env.CI) {
    list.push({
      name: 'postgres',
      async open() {
        cluster ??= testCluster();
        const server = await cluster;
        const template = postgresTemplates.get(server.url) ?? migratedTemplate(server);
        postgresTemplates.set(server.url, template);
        const url = await server.createDatabase(undefined, { template: await template });
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
