import { migrateConsoleDb } from '@/lib/server/auth';
import { connectConsoleDb, type ConsoleDbConnection, type ConsoleDbTarget } from '@/lib/server/db/connect';

/** The console database at `target` (one the bench made on its Postgres, or PGlite), with the console's tables made. */
export async function migratedConsoleDb(target: ConsoleDbTarget): Promise<ConsoleDbConnection> {
  const conn = connectConsoleDb(target);
  try {
    // The auth settings only let better-auth name its tables: nothing is signed with them.
    await migrateConsoleDb(conn.db, { secret: 'x'.repeat(40), baseURL: 'http://console.test' });
    return conn;
  } catch (error) {
    await conn.close();
    throw error;
  }
}
