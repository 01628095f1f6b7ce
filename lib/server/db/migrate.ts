import 'server-only';
import { getMigrations } from 'better-auth/db/migration';
import { Migrator, sql, type Kysely, type MigrationProvider } from 'kysely';
import { authOptions, type AuthConfig } from '../auth/options';
import { consoleMigrations } from './migrations';
import type { ConsoleDatabase } from './types';

/** Arbitrary constant: the advisory lock every instance takes before migrating. */
const MIGRATION_LOCK = 7_316_004;

const provider: MigrationProvider = { getMigrations: async () => consoleMigrations };

/**
 * Brings the console database up to date: better-auth's tables first, then console migrations in name
 * order. Several instances may start together on one Postgres; the advisory lock makes them take turns.
 */
export async function migrateConsoleDb(db: Kysely<ConsoleDatabase>, auth: AuthConfig): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      const plan = await getMigrations(authOptions(conn, auth));
      await plan.runMigrations();
      // Unordered: numbers are handed out per engineer (0170–0179, 0180–0189…), so a database may have run a
      // later number before an earlier one lands; such migrations never depend on each other.
      const { error, results } = await new Migrator({ db: conn, provider, allowUnorderedMigrations: true }).migrateToLatest();
      if (error) {
        const failed = results?.find((r) => r.status === 'Error')?.migrationName;
        throw new Error(`Console migration ${failed ?? ''} failed: ${String(error)}`, { cause: error });
      }
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}
