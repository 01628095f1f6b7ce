import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { consoleDbEngines, stopConsoleDbEngines } from '../../jobs/testing/db-engines';
import { STROKE_COLLATION } from './collation';
import { readMirrorList } from './list-query';
import { upsertMirror } from '../copy/store';

// Company names as Taiwan orders them in zh-TW (by stroke count: 一 1, 丁 2, 王 4, 林 8, 張 11, 陳 11, 蔡 17),
// stored in another order so neither the ids nor the code points give it by chance.
const STROKE_ORDER = ['一心', '丁一', '王小明', '林志玲', '張三', '陳大文', '蔡英'];
const STORED = ['陳大文', '蔡英', '王小明', '一心', '張三', '林志玲', '丁一'];
const codePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

afterAll(() => stopConsoleDbEngines());

describe.each(consoleDbEngines())('company names sorted in zh-TW on $name', (engine) => {
  /** Every page of the company list sorted by name, three a page (the last one short), in order. */
  async function readAllPages(db: Parameters<typeof readMirrorList>[0], dir: 'asc' | 'desc', locale: 'en' | 'zh-TW') {
    const names: string[] = [];
    let byCodePoint: boolean | undefined;
    for (let page = 1; page <= 3; page++) {
      const result = await readMirrorList(db, {
        list: 'companies',
        filters: {},
        sort: 'name',
        dir,
        page,
        pageSize: 3,
        locale,
      });
      names.push(...result.page.data.map((record) => (record as { name: string }).name));
      expect(result.page.totalCount).toBe(STORED.length);
      byCodePoint = result.byCodePoint;
    }
    return { names, byCodePoint };
  }

  it('follow stroke order both ways across pages where the database can, and say code point order where not', async () => {
    const { connection } = await engine.open();
    const { db } = connection;
    try {
      await upsertMirror(
        db,
        'companies',
        STORED.map((name, i) => ({
          id: i + 1,
          outerSysCode: `C${i + 1}`,
          name,
          shortName: null,
          cellPhone: null,
          shippingAddress: null,
          internalUserId: 1,
          status: 'active',
        })),
      );
      const asc = await readAllPages(db, 'asc', 'zh-TW');
      const desc = await readAllPages(db, 'desc', 'zh-TW');
      if (engine.name === 'postgres') {
        expect(asc).toEqual({ names: STROKE_ORDER, byCodePoint: false });
        expect(desc).toEqual({ names: [...STROKE_ORDER].reverse(), byCodePoint: false });
        // The order the pages ask for is one an index holds, so a page reads its rows in index order.
        const rows = await db.connection().execute(async (one) => {
          await sql`set enable_seqscan = off`.execute(one);
          const plan = await sql<{ 'QUERY PLAN': string }>`explain select id from mirror_company m
            where m.vanished_at is null order by m.name collate ${sql.id(STROKE_COLLATION)} asc, m.id asc limit 3`.execute(
            one,
          );
          await sql`reset enable_seqscan`.execute(one);
          return plan.rows;
        });
        expect(rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('mirror_company_name_stroke_idx');
      } else {
        // PGlite has no Chinese collation: the list sorts by code point and says so.
        expect(asc).toEqual({ names: [...STORED].sort(codePoint), byCodePoint: true });
        expect(desc).toEqual({ names: [...STORED].sort(codePoint).reverse(), byCodePoint: true });
      }
      // A product list sorted by category sorts the categories' paths (arrays of names) the same way.
      await upsertMirror(db, 'productCategories', [
        { id: 1, name: '林志玲', parentId: null, isAssignable: false },
        { id: 2, name: '王小明', parentId: null, isAssignable: false },
      ]);
      await upsertMirror(db, 'products', [
        { id: 1, outerSysCode: 'P1', name: 'p', productCategoryId: 1, status: 'active' },
        { id: 2, outerSysCode: 'P2', name: 'p', productCategoryId: 2, status: 'active' },
      ]);
      const byCategory = await readMirrorList(db, {
        list: 'products',
        filters: {},
        sort: 'productCategoryId',
        page: 1,
        pageSize: 2,
        locale: 'zh-TW',
      });
      expect(byCategory.page.data.map((record) => (record as { id: number }).id)).toEqual(
        engine.name === 'postgres' ? [2, 1] : [1, 2],
      );
      // English sorts as before, whatever the database.
      expect(await readAllPages(db, 'asc', 'en')).toEqual({ names: [...STORED].sort(codePoint), byCodePoint: false });
    } finally {
      await connection.close();
    }
  });
});
