import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectConsoleDb } from '../connect';
import { migrateConsoleDb } from '../../auth';
import { consoleMigrations } from './index';

describe('console migrations run out of number order', () => {
  it('runs a migration numbered below one the database has run already', async () => {
    const c = connectConsoleDb({ dataDir: 'memory://' });
    const auth = { secret: 'u'.repeat(40), baseURL: 'http://console.test' };
    try {
      await migrateConsoleDb(c.db, auth);
      // As a database migrated while 0180 was on main and 0170–0171 were not yet.
      await consoleMigrations['0171-import-row-no-fk']!.down!(c.db as never);
      await consoleMigrations['0170-import-chunk-body-rows']!.down!(c.db as never);
      await sql`delete from kysely_migration where name like '017%'`.execute(c.db);
      await migrateConsoleDb(c.db, auth);
      const { rows } = await sql<{
        name: string;
      }>`select name from kysely_migration where name like '01%' order by name`.execute(c.db);
      expect(rows.map((r) => r.name)).toEqual(
        Object.keys(consoleMigrations)
          .filter((n) => n.startsWith('01'))
          .sort(),
      );
      const { rows: columns } =
        await sql`select 1 from information_schema.columns where table_name = 'import_chunk' and column_name = 'body_row_nos'`.execute(
          c.db,
        );
      expect(columns).toHaveLength(1);
    } finally {
      await c.close();
    }
  }, 60_000);
});
