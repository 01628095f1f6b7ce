import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { Locale } from '@/lib/i18n/locale';
import type { ConsoleDatabase } from '../../db';

/**
 * Traditional Chinese as Taiwan orders it: by stroke count (一 before 丁 before 王 …), Postgres's ICU collation.
 * Migration 0360 builds the indexes the lists' word columns sort on with it, where the server has it.
 */
export const STROKE_COLLATION = 'zh-Hant-TW-x-icu';

const known = new WeakMap<object, Promise<boolean>>();

/**
 * Whether this database has the stroke-order collation. A Postgres built without ICU lacks it, and so does
 * PGlite's WebAssembly build, which has no Chinese collation at all: sorting there is by code point.
 */
export function hasStrokeCollation(db: Kysely<ConsoleDatabase>): Promise<boolean> {
  let answer = known.get(db);
  if (!answer) {
    answer = sql<{ n: number }>`select count(*)::int as n from pg_collation where collname = ${STROKE_COLLATION}`
      .execute(db)
      .then(({ rows }) => (rows[0]?.n ?? 0) > 0);
    answer.catch(() => known.delete(db));
    known.set(db, answer);
  }
  return answer;
}

/** How a language's lists order their words here: 'stroke', 'codePoint' (zh-TW without the collation), or as today. */
export async function wordOrder(
  db: Kysely<ConsoleDatabase>,
  locale: Locale | undefined,
): Promise<'stroke' | 'codePoint' | 'default'> {
  if (locale !== 'zh-TW') return 'default';
  return (await hasStrokeCollation(db)) ? 'stroke' : 'codePoint';
}
