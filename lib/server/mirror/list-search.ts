import 'server-only';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ListName } from '@/lib/contract/lists';
import type { ConsoleDatabase } from '../db/types';

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
 * One word in a table's search text (one lower-cased text per record, migration 0320): a LIKE the trigram
 * index narrows, and for a word with characters beyond ASCII (Chinese: most words are one or two characters,
 * which have no trigram) the index of the characters each record holds too (migration 0350).
 */
function wordIn(alias: 'm' | 'p', word: string): RawBuilder<unknown> {
  const search = sql.ref(`${alias}.search`);
  const like = sql`${search} like '%' || lower(${likeLiteral(word)}) || '%'`;
  return /[^\x00-\x7f]/.test(word) ? sql`mirror_search_chars(${search}) @> mirror_search_chars(lower(${word})) and ${like}` : like;
}

/**
 * A search as one condition on the list's rows (`m`): every word is in the record's search text or, for a SKU,
 * in its product's code or name. The products a word finds are looked up first and written into the query as
 * ids: as a subquery in the same statement the planner could not tell how many SKUs they own and walked every
 * SKU (190 ms p95 at 100,000). null: no search.
 */
export async function searchCondition(db: Kysely<ConsoleDatabase>, list: ListName, q: string | undefined): Promise<RawBuilder<unknown> | null> {
  const words = searchWords(q);
  if (words.length === 0) return null;
  const parts = await Promise.all(
    words.map(async (word) => {
      if (list !== 'skus') return wordIn('m', word);
      const { rows } = await sql<{ id: string }>`
        select p.id::text as id from mirror_product p where p.vanished_at is null and ${wordIn('p', word)}`.execute(db);
      if (rows.length === 0) return wordIn('m', word);
      return sql`(${wordIn('m', word)} or m.product_id = any(${rows.map((r) => r.id)}::bigint[]))`;
    }),
  );
  return sql.join(parts, sql` and `);
}
