import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleDbEngines, stopConsoleDbEngines } from '../../jobs/testing/db-engines';
import { STROKE_COLLATION } from './collation';
import { readMirrorList } from './list-query';
import { clearMirror, flagVanished, upsertMirror } from '../copy/store';
import { companyRecord as company } from '../../testing/company-record';
import { productRecord as product } from '../../testing/product-record';
import { skuRecord } from '../../testing/sku-record';

// The SKU list sorted by its products' names and the company list by its salespeople's names, read from the names
// the mirror keeps on the rows (migration 0690), through everything that changes them: a rename, a named record
// copied in late, flagged as gone and back, a row pointed elsewhere, a cleared copy. At each step the pages must
// hold the order the lists showed when they joined the named records at read time (`joined` below, kept as the
// reference), both ways, across pages.

type Db = Parameters<typeof readMirrorList>[0];

const sku = (id: number, productId: number) => skuRecord(id, { productId, status: id % 2 ? 'Active' : 'Inactive' });
const user = (id: number, name: string | null) => ({
  id,
  account: `u${id}`,
  name,
  email: null,
  roleId: 1,
  status: 'Active',
  outerSysCode: null,
});

/** The order as the lists read it before 0690: the named records joined, every match sorted. */
async function joined(db: Db, list: 'skus' | 'companies', dir: 'asc' | 'desc'): Promise<number[]> {
  const [table, named, name, column] =
    list === 'skus'
      ? ['mirror_sku', 'mirror_product', sql`coalesce(t.name, t.code)`, sql`m.product_id`]
      : ['mirror_company', 'mirror_internal_user', sql`t.name`, sql`m.internal_user_id`];
  const d = sql.raw(dir);
  const { rows } = await sql<{ id: string }>`
    select m.id::text as id from ${sql.table(table)} m
      left join (select t.id, ${name} as name from ${sql.table(named)} t where t.vanished_at is null) n on n.id = ${column}
    where m.vanished_at is null order by n.name ${d}, n.id ${d}, m.id ${d}`.execute(db);
  return rows.map((r) => Number(r.id));
}

/** Every page of the list sorted by the named record's name, four a page. */
async function pages(db: Db, list: 'skus' | 'companies', dir: 'asc' | 'desc'): Promise<number[]> {
  const sort = list === 'skus' ? 'productId' : 'internalUserId';
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const result = await readMirrorList(db, { list, filters: {}, sort, dir, page, pageSize: 4 });
    ids.push(...result.page.data.map((record) => (record as { id: number }).id));
    if (page >= result.page.totalPages) return ids;
  }
}

async function expectJoinedOrder(db: Db, list: 'skus' | 'companies', asc: number[]) {
  expect(await pages(db, list, 'asc')).toEqual(asc);
  expect(await joined(db, list, 'asc')).toEqual(asc);
  expect(await pages(db, list, 'desc')).toEqual(await joined(db, list, 'desc'));
}

afterAll(() => stopConsoleDbEngines());

describe.each(consoleDbEngines())('lists sorted by a named record kept on the row on $name', (engine) => {
  it("keeps the SKU list in its products' name order through renames, late and vanished products", async () => {
    const { connection } = await engine.open();
    const { db } = connection;
    try {
      // 1 and 4 share a name (1's SKUs first); 2 has no name and shows its code; 9 is not in the copy yet.
      await upsertMirror(db, 'products', [product(1, 'Tea'), product(2, null), product(3, 'Apple'), product(4, 'Tea')]);
      await upsertMirror(db, 'skus', [
        sku(11, 4),
        sku(12, 1),
        sku(13, 9),
        sku(14, 3),
        sku(15, 2),
        sku(16, 1),
        sku(17, 9),
      ]);
      // Apple, P2, Tea (1), Tea (4), then the SKUs whose product the copy lacks, by id.
      await expectJoinedOrder(db, 'skus', [14, 15, 12, 16, 11, 13, 17]);

      // A pass copies a rename: product 3's SKUs move on the next read.
      await upsertMirror(db, 'products', [product(3, 'Zucchini')]);
      await expectJoinedOrder(db, 'skus', [15, 12, 16, 11, 14, 13, 17]);
      // Product 9 is copied in after its SKUs.
      await upsertMirror(db, 'products', [product(9, 'Milk')]);
      await expectJoinedOrder(db, 'skus', [13, 17, 15, 12, 16, 11, 14]);
      // Product 1 is flagged as gone: its SKUs sort as having none; back, they return to their place.
      await flagVanished(db, 'products', [1]);
      await expectJoinedOrder(db, 'skus', [13, 17, 15, 11, 14, 12, 16]);
      await upsertMirror(db, 'products', [product(1, 'Tea')]);
      await expectJoinedOrder(db, 'skus', [13, 17, 15, 12, 16, 11, 14]);
      // A SKU moved to another product, and a new SKU of a named product.
      await upsertMirror(db, 'skus', [sku(16, 3), sku(18, 2)]);
      await expectJoinedOrder(db, 'skus', [13, 17, 15, 18, 12, 11, 14, 16]);
      // A SKU's other changes keep its place; a SKU flagged as gone leaves the list.
      await upsertMirror(db, 'skus', [{ ...sku(12, 1), name: 'renamed SKU' }]);
      await flagVanished(db, 'skus', [17]);
      await expectJoinedOrder(db, 'skus', [13, 15, 18, 12, 11, 14, 16]);
      // The product copy emptied (another upstream): every SKU sorts as having none, by id.
      await clearMirror(db, 'products');
      await expectJoinedOrder(db, 'skus', [11, 12, 13, 14, 15, 16, 18]);
    } finally {
      await connection.close();
    }
  });

  it("keeps the company list in its salespeople's name order, a salesperson without a name with the missing", async () => {
    const { connection } = await engine.open();
    const { db } = connection;
    try {
      await upsertMirror(db, 'internalUsers', [user(1, 'Wang'), user(2, null), user(3, 'Chen')]);
      await upsertMirror(db, 'companies', [company(21, 1), company(22, 2), company(23, 3), company(24, 7)]);
      // Chen, Wang; then no name: salesperson 2 (in the copy, by its id), then 7 (not in the copy).
      await expectJoinedOrder(db, 'companies', [23, 21, 22, 24]);
      await upsertMirror(db, 'internalUsers', [user(3, 'Zhou'), user(7, 'Lin')]);
      await expectJoinedOrder(db, 'companies', [24, 21, 23, 22]);
    } finally {
      await connection.close();
    }
  });

  it('reads a page sorted by product name in index order, in zh-TW in stroke order where the database can', async () => {
    const { connection } = await engine.open();
    const { db } = connection;
    /** The plan of a page sorted by the kept name, read without sorting where an index holds the order. */
    const plan = (collate: string) =>
      db.connection().execute(async (one) => {
        // A small table is sorted cheaper than read in order: with sorting forbidden, only an index that holds
        // the order gives a plan without a Sort.
        await sql`set enable_sort = off`.execute(one);
        const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select m.id from mirror_sku m
          where m.vanished_at is null and m.status = 'Active'
          order by m.named_name${sql.raw(collate)} desc, m.named_id desc, m.id desc limit 50 offset 100`.execute(one);
        await sql`reset enable_sort`.execute(one);
        return rows.map((r) => r['QUERY PLAN']).join('\n');
      });
    try {
      // 林 has 8 strokes and 張 11: stroke order puts 林 first, code point order 張 (U+5F35 < U+6797).
      await upsertMirror(db, 'products', [product(1, '張'), product(2, '林')]);
      await upsertMirror(db, 'skus', [sku(11, 1), sku(12, 2)]);
      const zh = await readMirrorList(db, {
        list: 'skus',
        filters: {},
        sort: 'productId',
        page: 1,
        pageSize: 2,
        locale: 'zh-TW',
      });
      expect(zh.page.data.map((record) => (record as { id: number }).id)).toEqual(zh.byCodePoint ? [11, 12] : [12, 11]);
      expect(zh.byCodePoint).toBe(engine.name === 'pglite');
      expect(await plan('')).toContain('mirror_sku_named_idx');
      expect(await plan('')).not.toMatch(/\bSort\b/);
      if (engine.name === 'postgres') {
        const stroke = await plan(` collate "${STROKE_COLLATION}"`);
        expect(stroke).toContain('mirror_sku_named_stroke_idx');
        expect(stroke).not.toMatch(/\bSort\b/);
      }
    } finally {
      await connection.close();
    }
  });
});
