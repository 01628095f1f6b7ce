import 'server-only';
import { getMigrations } from 'better-auth/db/migration';
import type { Kysely } from 'kysely';
import { migrateConsoleTables, type ConsoleDatabase } from '../db';
import { authOptions, type AuthConfig } from './options';

/**
 * Brings the console database up to date: better-auth's tables first (console migrations reference them), then
 * the console's own, under the one migration lock (db/migrate.ts). Here, not in db/, because better-auth's
 * tables follow its options: db/ stays below auth/.
 */
export async function migrateConsoleDb(db: Kysely<ConsoleDatabase>, auth: AuthConfig): Promise<void> {
  await migrateConsoleTables(db, async (conn) => {
    const plan = await getMigrations(authOptions(conn, auth));
    await plan.runMigrations();
  });
}
