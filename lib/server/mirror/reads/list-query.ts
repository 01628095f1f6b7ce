import 'server-only';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { LIST_FILTERS, totalPages, type FilterKind, type ListName, type ListPage } from '@/lib/contract/lists';
import { LIST_SORTS, type SortDirection, type SortKind } from '@/lib/contract/console/list-read';
import type { Locale } from '@/lib/i18n/locale';
import type { ConsoleDatabase } from '../../db';
import { STROKE_COLLATION, wordOrder } from './collation';
import { MIRROR_ENTITIES } from '../copy/entities';
import { likeLiteral, searchCondition } from './list-search';
import { field, IDENTIFIERS, NAMED_BY, SEARCHED_FIELDS, WITH_STATUS } from './list-columns';

type Db = Kysely<ConsoleDatabase>;

/** A list page as the lists ask for it: filters by their API names, a search, a sort, a page. */
export interface MirrorListQuery {
  list: ListName;
  filters: Record<string, string | number>;
  q?: string;
  sort?: string;
  dir?: SortDirection;
  page: number;
  pageSize: number;
  /** The reader's language: in zh-TW, words sort in stroke order where the database can. */
  locale?: Locale;
}

export interface MirrorListResult {
  page: ListPage<unknown>;
  /** Records per status matching everything but the status filter; null for a list without status, or past the count limit. */
  counts: Record<string, number> | null;
  /** More records match than the count limit: `page.totalCount` is that limit, not the total. */
  more: boolean;
  /** The language orders words by stroke, but this database cannot: they sort by code point. */
  byCodePoint: boolean;
}

/** The filters a list page answers from the mirror; false when one of them needs the service (updatedSince). */
export function mirrorAnswers(list: ListName, filters: Record<string, unknown>): boolean {
  const kinds = LIST_FILTERS[list] as Record<string, FilterKind>;
  return Object.keys(filters).every((name) => kinds[name] !== undefined && kinds[name] !== 'datetime');
}

function conditions(
  query: MirrorListQuery,
  search: RawBuilder<unknown> | null,
  options: { withStatus: boolean },
): RawBuilder<unknown>[] {
  const { list } = query;
  const kinds = LIST_FILTERS[list] as Record<string, FilterKind>;
  const where: RawBuilder<unknown>[] = [sql`m.vanished_at is null`];
  for (const [name, value] of Object.entries(query.filters)) {
    const kind = kinds[name];
    if (!kind || (name === 'status' && !options.withStatus)) continue;
    if (name === 'componentSkuId') {
      where.push(
        sql`m.record->'components' @> jsonb_build_array(jsonb_build_object('componentSkuId', ${Number(value)}::bigint))`,
      );
    } else if (kind === 'substring') {
      // The service matches these as case-insensitive substrings. Each of them is part of the record's search
      // text, so the same test on that text first lets its trigram index narrow the rows.
      const text = String(value);
      const inSearch = SEARCHED_FIELDS[list].includes(name)
        ? sql`m.search like '%' || lower(${likeLiteral(text)}) || '%' and `
        : sql``;
      where.push(sql`${inSearch}strpos(lower(${field(list, name, kind)}), lower(${text})) > 0`);
    } else if (kind === 'id') {
      where.push(sql`${field(list, name, kind)} = ${Number(value)}`);
    } else {
      where.push(sql`${field(list, name, kind)} = ${String(value)}`);
    }
  }
  if (search) where.push(search);
  return where;
}

const and = (parts: RawBuilder<unknown>[]) => sql.join(parts, sql` and `);

/** Filters or a search narrow the list beyond its status (its counts can no longer come from the triggers' summary). */
const narrowed = (query: MirrorListQuery, search: RawBuilder<unknown> | null) =>
  search !== null || Object.keys(query.filters).some((name) => name !== 'status');

interface Counted {
  counts: Record<string, number>;
  /** More matched than the limit: the counting stopped there. */
  more: boolean;
}

/**
 * Counts what matches `where` by status, stopping after `limit` + 1 records when a limit is given: a search or
 * a filter that matches much of a large list then costs a read of about `limit` records, not of every match.
 */
async function countByStatus(
  db: Db,
  table: string,
  where: RawBuilder<unknown>[],
  limit: number | undefined,
  hasStatus = true,
): Promise<Counted> {
  const stop = limit === undefined ? sql`` : sql`limit ${limit + 1}`;
  // A list without status (categories, users) counts everything under ''.
  const status = hasStatus ? sql`coalesce(m.status, '')` : sql`''`;
  const { rows } = await sql<{ status: string; n: string }>`
    select status, count(*)::text as n from (select ${status} as status from ${sql.table(table)} m where ${and(where)} ${stop}) x
    group by 1`.execute(db);
  const counts = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  const n = Object.values(counts).reduce((a, b) => a + b, 0);
  return { counts, more: limit !== undefined && n > limit };
}

const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/**
 * The total of a page and, for a list with status, how many match each status beside the status filter (what
 * matches all but that filter). Unnarrowed, the counts are the triggers' summary. Past `limit` the total is
 * the limit with `more` set and the counts are unknown (null), never a part shown as the whole.
 */
async function countMatches(
  db: Db,
  query: MirrorListQuery,
  search: RawBuilder<unknown> | null,
  limit: number | undefined,
): Promise<{ total: number; counts: Record<string, number> | null; more: boolean }> {
  const table = MIRROR_ENTITIES[query.list].table;
  const status = query.filters.status;
  if (!WITH_STATUS.has(query.list)) {
    const { counts, more } = await countByStatus(
      db,
      table,
      conditions(query, search, { withStatus: true }),
      limit,
      false,
    );
    return { total: more ? limit! : sum(counts), counts: null, more };
  }
  let counts: Record<string, number>;
  if (narrowed(query, search)) {
    const counted = await countByStatus(db, table, conditions(query, search, { withStatus: false }), limit);
    if (counted.more) {
      if (status === undefined) return { total: limit!, counts: null, more: true };
      const matching = await countByStatus(db, table, conditions(query, search, { withStatus: true }), limit);
      return { total: matching.more ? limit! : sum(matching.counts), counts: null, more: matching.more };
    }
    counts = counted.counts;
  } else {
    const { rows } = await sql<{
      status: string;
      n: string;
    }>`select status, n::text as n from mirror_status_count where tbl = ${table} and n > 0`.execute(db);
    counts = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
  }
  return { total: status === undefined ? sum(counts) : (counts[String(status)] ?? 0), counts, more: false };
}

/**
 * One page of a list from the mirror: what matches, in the asked order with the id breaking ties (nulls come
 * last ascending and first descending, as the (column, id) indexes hold them), records the mirror flagged as
 * gone left out; and per status, how many match everything but the status filter. The total follows from the
 * counts where the list has a status, so a page costs one count, not two. `countLimit`: counting a narrowed
 * list stops past it (the lists; exports count exactly).
 */
export async function readMirrorList(
  db: Db,
  query: MirrorListQuery,
  options: { countLimit?: number } = {},
): Promise<MirrorListResult> {
  const { list, page, pageSize } = query;
  const table = sql.table(MIRROR_ENTITIES[list].table);
  const sorts = LIST_SORTS[list] as Record<string, SortKind>;
  const dir = query.dir === 'desc' ? sql`desc` : sql`asc`;
  const sortKind = query.sort ? sorts[query.sort] : undefined;
  const wordsBy = await wordOrder(db, query.locale);
  // The collation of migrations 0360's and 0690's indexes, so a sorted page still reads in index order.
  const words =
    wordsBy === 'stroke' && (sortKind === 'name-of' || (sortKind === 'text' && !IDENTIFIERS.has(query.sort!)));
  const collate = words ? sql` collate ${sql.id(STROKE_COLLATION)}` : sql``;
  const named = query.sort && sortKind === 'name-of' ? NAMED_BY[list]?.[query.sort] : undefined;
  const joined = named?.join ? sql`left join ${named.join} n on n.id = ${field(list, query.sort!, 'number')}` : sql``;
  const sortBy = named
    ? sql`${named.name}${collate} ${dir}, ${named.id} ${dir}`
    : query.sort && sortKind
      ? sql`${field(list, query.sort, sortKind)}${collate} ${dir}`
      : null;
  const order = sortBy ? sql`${sortBy}, m.id ${dir}` : sql`m.id ${dir}`;
  const search = await searchCondition(db, list, query.q);
  const where = and(conditions(query, search, { withStatus: true }));
  const rowsQuery = sql<{ record: unknown }>`
    select m.record from ${table} m ${joined} where ${where} order by ${order} limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(
    db,
  );
  const { total, counts, more } = await countMatches(db, query, search, options.countLimit);
  const { rows } = await rowsQuery;
  return {
    page: {
      data: rows.map((r) => r.record),
      totalCount: total,
      currentPage: page,
      pageSize,
      totalPages: totalPages(total, pageSize),
    },
    counts,
    more,
    byCodePoint: wordsBy === 'codePoint',
  };
}
