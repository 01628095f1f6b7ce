import type { Kysely, Migration, RawBuilder } from 'kysely';

/**
 * A migration that runs fixed SQL statements in order, up and down: most of them, written once so a migration's file
 * holds its SQL and why. The statements are the same texts, run in the same order, as when each file ran them itself.
 */
export function sqlMigration(steps: { up: RawBuilder<unknown>[]; down: RawBuilder<unknown>[] }): Migration {
  const run = async (db: Kysely<unknown>, statements: RawBuilder<unknown>[]) => {
    for (const statement of statements) await statement.execute(db);
  };
  return { up: (db) => run(db, steps.up), down: (db) => run(db, steps.down) };
}
