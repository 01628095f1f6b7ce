import 'server-only';
import type { Kysely } from 'kysely';
import { getEnv } from '../env';
import { connectConsoleDb, type ConsoleDbConnection } from './connect';
import { migrateConsoleDb } from './migrate';
import type { ConsoleDatabase } from './types';
import { authConfigFromEnv } from '../auth/config';

export type { ConsoleDatabase } from './types';
export { connectConsoleDb, type ConsoleDbConnection, type ConsoleDbTarget } from './connect';
export { migrateConsoleDb } from './migrate';
export { AUTH_CHANGES_CHANNEL } from './migrations/0030-auth-change-notify';

type Opened = { connection: ConsoleDbConnection; ready: Promise<Kysely<ConsoleDatabase>> };

// On globalThis: Next may load this module more than once per process, and a PGlite folder may be opened once.
const holder = globalThis as typeof globalThis & { __consoleDb?: Opened };

/**
 * The console database (PGlite in CONSOLE_DATA_DIR, or Postgres at DATABASE_URL), migrated on first use.
 * A failed start is not cached, so the next request tries again.
 */
export function getConsoleDb(): Promise<Kysely<ConsoleDatabase>> {
  if (!holder.__consoleDb) {
    const env = getEnv();
    const connection = connectConsoleDb(env.database.url ? { url: env.database.url } : { dataDir: env.database.dataDir });
    const ready = migrateConsoleDb(connection.db, authConfigFromEnv(env)).then(
      () => connection.db,
      async (error: unknown) => {
        holder.__consoleDb = undefined;
        await connection.close().catch(() => {});
        throw error;
      },
    );
    holder.__consoleDb = { connection, ready };
  }
  return holder.__consoleDb.ready;
}

/** ConsoleDbConnection.watch on the console database, once it is migrated. */
export async function watchConsoleDb(channel: string, onNotify: () => void): Promise<(() => Promise<void>) | null> {
  await getConsoleDb();
  const opened = holder.__consoleDb;
  if (!opened) throw new Error('The console database closed while starting to listen.');
  return opened.connection.watch(channel, onNotify);
}

/** The console database pool's use (Postgres only; null on PGlite or before the database is opened). */
export function consoleDbPoolUse(): { total: number; idle: number; waiting: number; max: number } | null {
  return holder.__consoleDb?.connection.poolUse?.() ?? null;
}
