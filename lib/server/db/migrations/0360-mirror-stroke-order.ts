import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The lists' word columns in Chinese stroke order (issue 47): in zh-TW a list sorted by name orders by
 * `name collate "zh-Hant-TW-x-icu"`, which 0320's (column, id) indexes cannot serve. These indexes hold that
 * order, so the sorted pages read in index order. Built only where the server has ICU's collation: PGlite and a
 * Postgres without ICU have none, and their lists sort by code point (lib/server/mirror/reads/collation.ts).
 */
const COLLATION = 'zh-Hant-TW-x-icu';
const WORDS: Record<string, string[]> = {
  mirror_company: ['name'],
  mirror_product: ['name'],
  mirror_product_category: ['name'],
  mirror_sku: ['name', 'warehouse', 'spec'],
  mirror_bundle: ['name'],
  mirror_internal_user: ['name'],
};

const indexName = (table: string, column: string) => `${table}_${column}_stroke_idx`;

export const mirrorStrokeOrderMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from pg_collation where collname = ${COLLATION}`.execute(db);
    if (!rows[0]?.n) return;
    for (const [table, columns] of Object.entries(WORDS)) {
      for (const column of columns) {
        await sql`create index ${sql.id(indexName(table, column))} on ${sql.id(table)} (${sql.id(column)} collate ${sql.id(COLLATION)}, id)`.execute(
          db,
        );
      }
    }
  },
  async down(db: Kysely<unknown>) {
    for (const [table, columns] of Object.entries(WORDS)) {
      for (const column of columns) await sql`drop index if exists ${sql.id(indexName(table, column))}`.execute(db);
    }
  },
};

export default mirrorStrokeOrderMigration;
