import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import { existingProcess, processParts } from './slot';

/**
 * The console database (PGlite in CONSOLE_DATA_DIR, or Postgres at DATABASE_URL), migrated on first use; one
 * per process, opened by the runtime. A failed start is not kept, so the next call tries again.
 */
export function getConsoleDb(): Promise<Kysely<ConsoleDatabase>> {
  return processParts().consoleDb();
}

/** ConsoleDbConnection.watch on the console database, once it is migrated. */
export function watchConsoleDb(channel: string, onNotify: () => void): Promise<(() => Promise<void>) | null> {
  return processParts().watchConsoleDb(channel, onNotify);
}

/** The console database pool's use (Postgres only; null on PGlite or before the database is opened). */
export function consoleDbPoolUse(): { total: number; idle: number; waiting: number; max: number } | null {
  return existingProcess()?.consoleDbPoolUse() ?? null;
}
