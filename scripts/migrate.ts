/**
 * `npm run migrate`: brings the console database (DATABASE_URL, or the PGlite folder) up to date and exits. The
 * first step of rolling out a new version: the new schema is in place before any new instance serves. Instances
 * also migrate at start; both take the same advisory lock, so they never run migrations at the same time.
 */
import { authConfigFromEnv } from '@/lib/server/auth';
import { connectConsoleDb } from '@/lib/server/db';
import { migrateConsoleDb } from '@/lib/server/auth';
import { EnvError, getEnv } from '@/lib/server/env';

try {
  const env = getEnv();
  const connection = connectConsoleDb(env.database.url ? { url: env.database.url } : { dataDir: env.database.dataDir });
  try {
    await migrateConsoleDb(connection.db, authConfigFromEnv(env));
    console.log(`console database migrated (${env.database.url ? 'Postgres' : env.database.dataDir}).`);
  } finally {
    await connection.close();
  }
} catch (error) {
  console.error(
    error instanceof EnvError
      ? error.message
      : `migration failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
