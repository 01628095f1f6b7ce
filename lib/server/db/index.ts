import 'server-only';
import type { Kysely } from 'kysely';
import { existingRuntime, runtime } from '../runtime';
import type { ConsoleDatabase } from './types';

export type { ConsoleDatabase } from './types';
export { connectConsoleDb, type ConsoleDbConnection, type ConsoleDbTarget } from './connect';
export { migrateConsoleDb } from './migrate';
export { AUTH_CHANGES_CHANNEL } from './migrations/0030-auth-change-notify';

/**
 * The console database (PGlite in CONSOLE_DATA_DIR, or Postgres at DATABASE_URL), migrated on first use; one
 * per process, held by the runtime (lib/server/runtime). A failed start is not kept, so the next call tries again.
 */
export function getConsoleDb(): Promise<Kysely<ConsoleDatabase>> {
  return runtime().consoleDb();
}

/** ConsoleDbConnection.watch on the console database, once it is migrated. */
export function watchConsoleDb(channel: string, onNotify: () => void): Promise<(() => Promise<void>) | null> {
  return runtime().watchConsoleDb(channel, onNotify);
}

/** The console database pool's use (Postgres only; null on PGlite or before the database is opened). */
export function consoleDbPoolUse(): { total: number; idle: number; waiting: number; max: number } | null {
  return existingRuntime()?.consoleDbPoolUse() ?? null;
}
