import 'server-only';
import { Migrator, sql, type Kysely, type MigrationProvider } from 'kysely';
import { consoleMigrations } from './migrations';
import type { ConsoleDatabase } from './types';

/** Arbitrary constant: the advisory lock every instance takes before migrating. */
const MIGRATION_LOCK = 7_316_004;

const provider: MigrationProvider = { getMigrations: async () => consoleMigrations };

/** A migration of tables the console's own migrations build on, run first on the locked connection. */
export type MigrationStep = (conn: Kysely<ConsoleDatabase>) => Promise<void>;

/**
 * Brings the console database up to date: `first` (better-auth's tables, given by lib/server/auth so that db/
 * never imports auth/), then console migrations in name order. Several instances may start together on one
 * Postgres; the advisory lock makes them take turns, for both steps.
 */
export async function migrateConsoleTables(db: Kysely<ConsoleDatabase>, first: MigrationStep): Promise<void> {
  await db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    try {
      await first(conn);
      // Unordered: numbers are handed out per engineer (0170–0179, 0180–0189…), so a database may have run a
      // later number before an earlier one lands; such migrations never depend on each other.
      const { error, results } = await new Migrator({
        db: conn,
        provider,
        allowUnorderedMigrations: true,
      }).migrateToLatest();
      if (error) {
        const failed = results?.find((r) => r.status === 'Error')?.migrationName;
        throw new Error(`Console migration ${failed ?? ''} failed: ${String(error)}`, { cause: error });
      }
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn);
    }
  });
}
