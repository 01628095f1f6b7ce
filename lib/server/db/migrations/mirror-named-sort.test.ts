import { Migrator, sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleDbEngines, stopConsoleDbEngines } from '../../jobs/testing/db-engines';
import { flagVanished, upsertMirror } from '../../mirror/copy/store';
import { companyRecord } from '../../testing/company-record';
import { productRecord as product } from '../../testing/product-record';
import { skuRecord } from '../../testing/sku-record';
import type { ConsoleDatabase } from '../types';
import { consoleMigrations } from './index';

// Migration 0690 keeps the named record's name on the mirror's rows. On a console database that already holds a
// copy it fills them in; on Postgres, a rename crossing a write of a row pointing at the product still ends with
// the row holding the new name.

type Db = Kysely<ConsoleDatabase>;
const NAME = '0690-mirror-named-sort';

const sku = (id: number, productId: number) => skuRecord(id, { productId });

async function kept(db: Db, table: 'mirror_sku' | 'mirror_company') {
  const { rows } = await sql<{ id: string; named_name: string | null; named_id: string | null }>`
    select id::text as id, named_name, named_id::text as named_id from ${sql.table(table)} order by id`.execute(db);
  return Object.fromEntries(rows.map((r) => [Number(r.id), [r.named_name, r.named_id && Number(r.named_id)]]));
}

afterAll(() => stopConsoleDbEngines());

describe.each(consoleDbEngines())('migration 0690 on $name', (engine) => {
  it('fills in the names of a copy the database already holds, and keeps them from then on', async () => {
    const { connection } = await engine.open();
    const { db } = connection;
    const migrator = new Migrator({
      db,
      provider: { getMigrations: async () => consoleMigrations },
      allowUnorderedMigrations: true,
    });
    try {
      // A database migrated before 0690, holding a copy.
      const names = Object.keys(consoleMigrations).sort();
      const down = await migrator.migrateTo(names[names.indexOf(NAME) - 1]!);
      expect(down.error).toBeUndefined();
      await upsertMirror(db, 'products', [product(1, 'Tea'), product(2, null), product(3, 'Gone')]);
      await flagVanished(db, 'products', [3]);
      await upsertMirror(db, 'skus', [sku(11, 1), sku(12, 2), sku(13, 3), sku(14, 9)]);
      await upsertMirror(db, 'internalUsers', [
        { id: 5, account: 'u5', name: 'Wang', email: null, roleId: 1, status: 'Active', outerSysCode: null },
      ]);
      await upsertMirror(db, 'companies', [companyRecord(21, 5)]);

      const up = await migrator.migrateToLatest();
      expect(up.error).toBeUndefined();
      expect(up.results?.map((r) => r.migrationName)).toContain(NAME);
      // A product without a name by its code; one flagged as gone, or not in the copy: no name, no id.
      expect(await kept(db, 'mirror_sku')).toEqual({
        11: ['Tea', 1],
        12: ['P2', 2],
        13: [null, null],
        14: [null, null],
      });
      expect(await kept(db, 'mirror_company')).toEqual({ 21: ['Wang', 5] });
      await upsertMirror(db, 'products', [product(1, 'Coffee'), product(3, 'Back')]);
      expect(await kept(db, 'mirror_sku')).toMatchObject({ 11: ['Coffee', 1], 13: ['Back', 3] });
    } finally {
      await connection.close();
    }
  }, 120_000);

  it.runIf(engine.name === 'postgres')(
    'gives a SKU written while its product is renamed or copied in the new name, whichever commits first',
    async () => {
      const { connection, connect } = await engine.open();
      const other = connect();
      const { db } = connection;
      /** Resolves once a statement of another connection waits for a lock, or after 2 s (then none will). */
      const waiting = async () => {
        for (let i = 0; i < 80; i++) {
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`.execute(db);
          if (rows[0]!.n > 0) return;
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      };
      try {
        await upsertMirror(db, 'products', [product(1, 'Old')]);
        // A SKU of product 1 is written (its transaction open) while a pass renames the product: the rename
        // waits, then rewrites the SKU it could not see before.
        const skuWrite = await other.db.startTransaction().execute();
        await upsertMirror(skuWrite, 'skus', [sku(11, 1)]);
        const rename = upsertMirror(db, 'products', [product(1, 'New')]);
        await waiting();
        await skuWrite.commit().execute();
        await rename;
        expect(await kept(db, 'mirror_sku')).toMatchObject({ 11: ['New', 1] });

        // Product 2 is copied in (its transaction open) while a SKU pointing at it is written: the SKU's write
        // waits, then finds the product.
        const productWrite = await other.db.startTransaction().execute();
        await upsertMirror(productWrite, 'products', [product(2, 'Late')]);
        const skuOfNew = upsertMirror(db, 'skus', [sku(12, 2)]);
        await waiting();
        await productWrite.commit().execute();
        await skuOfNew;
        expect(await kept(db, 'mirror_sku')).toMatchObject({ 12: ['Late', 2] });
      } finally {
        await other.close();
        await connection.close();
      }
    },
    60_000,
  );
});
