import 'server-only';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ListName } from '@/lib/contract/lists';
import type { ConsoleDatabase } from '../../db';
import { MIRROR_ENTITIES } from '../copy/entities';
import { commonWords } from './search-stats';

/** `%`, `_` and `\` taken literally in a LIKE pattern. */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The words of a search, each of which a record must hold: repeats left out, and a word inside a longer one
 * left out too (a record holding "sku12" holds "sku"), so the database tests each text once per word that
 * narrows.
 */
export function searchWords(q: string | undefined): string[] {
  const words = [...new Set((q ?? '').toLowerCase().split(/\s+/).filter(Boolean))];
  return words.filter((word) => !words.some((other) => other !== word && other.includes(word)));
}

/**
 * One word in a table's search text (one lower-cased text per record, migration 0320), in the form an index can
 * narrow when that helps:
 * - a word with characters beyond ASCII (Chinese: most words are one or two characters) by the index of the
 *   characters each record holds (migration 0350), then found with strpos;
 * - an ASCII word with three letters or digits in a row by a LIKE the trigram index narrows;
 * - a word that has no trigram ("12"), or that most records hold (`common`), with strpos alone, which no index
 *   answers. A LIKE without a trigram makes the trigram index return every record, and a word most records hold
 *   makes it read a posting list as long as the table: at 1,000,000 SKUs either cost 200–370 ms before the
 *   first record was checked. Checked record by record, beside a word that narrows or in the sort's order, they
 *   cost little.
 */
function wordIn(alias: 'm' | 'p', word: string, common: boolean): RawBuilder<unknown> {
  const search = sql.ref(`${alias}.search`);
  const found = sql`strpos(${search}, ${word}) > 0`;
  if (common) return found;
  if (/[^\x00-\x7f]/.test(word))
    return sql`mirror_search_chars(${search}) @> mirror_search_chars(${word}) and ${found}`;
  if (/[a-z0-9]{3}/.test(word)) return sql`${search} like ${`%${likeLiteral(word)}%`}`;
  return found;
}

/**
 * A search as one condition on the list's rows (`m`): every word is in the record's search text or, for a SKU,
 * in its product's code or name. The products a word finds are looked up first and written into the query as
 * ids: as a subquery in the same statement the planner could not tell how many SKUs they own and walked every
 * SKU (190 ms p95 at 100,000). null: no search.
 */
export async function searchCondition(
  db: Kysely<ConsoleDatabase>,
  list: ListName,
  q: string | undefined,
): Promise<RawBuilder<unknown> | null> {
  const words = searchWords(q);
  if (words.length === 0) return null;
  const common = await commonWords(db, MIRROR_ENTITIES[list].table, words);
  const parts = await Promise.all(
    words.map(async (word) => {
      const here = wordIn('m', word, common.has(word));
      if (list !== 'skus') return here;
      const productsCommon = await commonWords(db, MIRROR_ENTITIES.products.table, [word]);
      const { rows } = await sql<{ id: string }>`
        select p.id::text as id from mirror_product p where p.vanished_at is null and ${wordIn('p', word, productsCommon.has(word))}`.execute(
        db,
      );
      if (rows.length === 0) return here;
      return sql`(${here} or m.product_id = any(${rows.map((r) => r.id)}::bigint[]))`;
    }),
  );
  return sql.join(parts, sql` and `);
}
