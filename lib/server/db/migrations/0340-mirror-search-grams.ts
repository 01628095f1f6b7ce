import { sql, type Kysely, type Migration } from 'kysely';
import { MIRROR_RECORD_TABLES } from './0320-mirror';

/**
 * Chinese words in a list search use an index too. pg_trgm cannot serve them: a word of one or two characters
 * (茶, 茶葉, 紅茶: most Chinese searches) has no trigram, and a database created with LC_CTYPE C does not
 * count Chinese characters as letters at all, so none of them is ever indexed. `mirror_search_grams` gives the
 * characters beyond ASCII of a text, each alone and each with the next one; a word's grams held by a record's
 * search text (`@>`, a GIN index) narrow the records a LIKE then checks. ASCII is left to the trigram index:
 * indexing every pair of Latin letters and digits would make each upsert several times dearer, and a short
 * ASCII word matches so many records that the first page and the limited count stop early anyway.
 */
const TABLES = MIRROR_RECORD_TABLES;

export const mirrorSearchGramsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      create function mirror_search_grams(t text) returns text[] language sql immutable strict parallel safe as $$
        select coalesce(array_agg(distinct g), '{}') from (
          select unnest(array[substr(w, i, 1), substr(w, i, 2)]) as g
          from regexp_split_to_table(regexp_replace(t, '[\\x01-\\x7f]+', ' ', 'g'), ' ') w, generate_series(1, length(w)) i
        ) grams
      $$
    `.execute(db);
    for (const table of TABLES) {
      await sql`create index ${sql.id(`${table}_search_grams`)} on ${sql.id(table)} using gin (mirror_search_grams(search))`.execute(
        db,
      );
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of TABLES) await sql`drop index if exists ${sql.id(`${table}_search_grams`)}`.execute(db);
    await sql`drop function if exists mirror_search_grams(text)`.execute(db);
  },
};

export default mirrorSearchGramsMigration;
