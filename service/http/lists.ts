import type { Context } from 'hono';
import {
  idFromText,
  INT32_MAX,
  isStorableText,
  LIST_FILTERS,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  totalPages,
  type ListName,
  type ListPage,
  updatedSinceValue,
} from '@/lib/contract';
import type { Env } from './env';
import { ApiError } from './errors';
import type { Queryable } from '../store/db';

/** `page` and `pageSize`: 32-bit integers; anything that does not bind is invalid_parameter (contract §1). */
function int32(raw: string | undefined, fallback: number): bigint {
  if (raw === undefined || raw === '') return BigInt(fallback);
  if (!/^[+-]?\d+$/.test(raw)) throw new ApiError(400, 'invalid_parameter');
  // Out-of-range integers still bind here; the caller answers invalid_page or invalid_page_size for them.
  return BigInt(raw);
}

export interface Paging {
  page: number;
  pageSize: number;
  offset: number;
}

export function bindPaging(c: Context<Env>): Paging {
  const query = c.get('query');
  const page = int32(query.get('page'), 1);
  const pageSize = int32(query.get('pageSize'), PAGE_SIZE_DEFAULT);
  if (page < 1n || page > BigInt(INT32_MAX)) throw new ApiError(400, 'invalid_page');
  if (pageSize < 1n || pageSize > BigInt(PAGE_SIZE_MAX)) throw new ApiError(400, 'invalid_page_size');
  const offset = (page - 1n) * pageSize;
  if (offset > BigInt(INT32_MAX)) throw new ApiError(400, 'invalid_page');
  return { page: Number(page), pageSize: Number(pageSize), offset: Number(offset) };
}

/** `%`, `_` and `\` are literal in substring filters: escape them for `ILIKE … ESCAPE '\'`. */
export function likePattern(value: string): string {
  return `%${value.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** A filter's SQL: a column expression (the operator follows the filter kind) or a condition builder. */
export type FilterSql = string | ((placeholder: string) => string);

export interface ListSpec<L extends ListName, R> {
  list: L;
  /** FROM clause, including joins. */
  from: string;
  /** Base conditions; `$1` is the tenant id. */
  where: string[];
  /** SELECT list of one row. */
  select: string;
  /** ORDER BY expression; lists are ordered by id ascending (contract §1). */
  orderBy: string;
  filters: { [F in keyof (typeof LIST_FILTERS)[L]]: FilterSql };
  map: (row: R) => unknown;
  /**
   * The list without filters, read cheaply at any depth: `from` without joins, where a page's ids come from an
   * index alone (`where` must read only it), and `total`, a query ($1 the tenant) answering the count kept by
   * triggers. Offset paging a whole list otherwise costs a count and a walk of every row a page.
   */
  unfiltered?: { from: string; total: string };
}

/** Builds the WHERE clause and parameters of a list from the query string. */
export function bindFilters<L extends ListName>(
  c: Context<Env>,
  list: L,
  filters: Record<string, FilterSql>,
  params: unknown[],
): string[] {
  const query = c.get('query');
  const conditions: string[] = [];
  const kinds = LIST_FILTERS[list] as Record<string, string>;
  for (const [name, kind] of Object.entries(kinds)) {
    const raw = query.get(name);
    // An empty value is treated as no filter, as a form with an empty field sends it.
    if (raw === undefined || raw === '') continue;
    const sql = filters[name];
    if (sql === undefined) continue;
    // A value no stored record can hold (a text with U+0000, an id beyond 2^53 or below 1) matches nothing.
    const nothing = () => conditions.push('false');
    let value: unknown;
    let op: string;
    switch (kind) {
      case 'substring':
        if (!isStorableText(raw)) {
          nothing();
          continue;
        }
        value = likePattern(raw);
        op = `ilike {} escape '\\'`;
        break;
      case 'exact':
        if (!isStorableText(raw)) {
          nothing();
          continue;
        }
        value = raw;
        op = '= {}';
        break;
      case 'id': {
        const id = idFromText(raw);
        if (id === undefined) throw new ApiError(400, 'invalid_parameter');
        if (id === null) {
          nothing();
          continue;
        }
        value = id;
        op = '= {}';
        break;
      }
      case 'datetime': {
        // Postgres parses the value itself, at full precision, once it is a time that exists.
        const since = updatedSinceValue(raw);
        if (since === null) throw new ApiError(400, 'invalid_updated_since');
        value = since;
        op = '>= {}::timestamptz';
        break;
      }
      default:
        continue;
    }
    params.push(value);
    const placeholder = `$${params.length}`;
    conditions.push(typeof sql === 'function' ? sql(placeholder) : `${sql} ${op.replace('{}', placeholder)}`);
  }
  return conditions;
}

export function envelope<T>(data: T[], totalCount: number, paging: Paging): ListPage<T> {
  return {
    data,
    totalCount,
    currentPage: paging.page,
    pageSize: paging.pageSize,
    totalPages: totalPages(totalCount, paging.pageSize),
  };
}

/** Runs a list endpoint end to end: paging, filters, count, page of rows, envelope. */
export async function runList<L extends ListName, R>(c: Context<Env>, db: Queryable, spec: ListSpec<L, R>) {
  const paging = bindPaging(c);
  const params: unknown[] = [c.get('tenantId')];
  const conditions = [...spec.where, ...bindFilters(c, spec.list, spec.filters as Record<string, FilterSql>, params)];
  const where = conditions.length ? `where ${conditions.join(' and ')}` : '';
  // One round trip: the page carries the total. Only a page past the end (no rows to carry it) needs a
  // separate count.
  const kinds = LIST_FILTERS[spec.list] as Record<string, string>;
  const query = c.get('query');
  const substring = Object.entries(kinds).some(([name, kind]) => kind === 'substring' && !!query.get(name));
  const unfiltered = conditions.length === spec.where.length ? spec.unfiltered : undefined;
  if (unfiltered) return c.json(await unfilteredPage(db, spec, unfiltered, params, paging));
  const sql = substring
    ? // Substring filters: find the matches first (trigram index, no ordering), then order and page only
      // them. Left to itself the planner walks the primary key in id order and filters 100,000 rows.
      `with matches as materialized (select ${spec.orderBy} as id__ from ${spec.from} ${where}),
            page as (select id__ from matches order by id__ limit ${paging.pageSize} offset ${paging.offset})
       select ${spec.select}, (select count(*) from matches) as total_count__
       from ${spec.from} join page on page.id__ = ${spec.orderBy} ${where} order by ${spec.orderBy}`
    : // Other filters (updatedSince above all, which a sync walks page by page): page the ids first and count
      // apart. A window count would build every match's whole row for each page, so a walk of 100,000
      // records changed since a time grew with the square of their number.
      `with page as (select ${spec.orderBy} as id__ from ${spec.from} ${where} order by ${spec.orderBy} limit ${paging.pageSize} offset ${paging.offset})
       select ${spec.select}, (select count(*) from ${spec.from} ${where}) as total_count__
       from ${spec.from} join page on page.id__ = ${spec.orderBy} order by ${spec.orderBy}`;
  const rows = await db.query<R & { total_count__: number }>(sql, params);
  let totalCount = rows[0]?.total_count__ ?? 0;
  if (rows.length === 0 && paging.offset > 0) {
    const [countRow] = await db.query<{ n: number }>(`select count(*)::int8 as n from ${spec.from} ${where}`, params);
    totalCount = countRow?.n ?? 0;
  }
  return c.json(envelope(rows.map(spec.map), totalCount, paging));
}

/** Where a recent page of a whole list ended: the id at that position, while the list held `total` records. */
interface Position {
  id: number;
  total: number;
}

/** Positions kept per database (a test process runs several services, each with its own tenants). */
const POSITIONS_KEPT = 2_000;
const positions = new WeakMap<Queryable, Map<string, Position>>();

/**
 * A page of a list without filters. Offset paging walks every row before the offset: a walk of a whole list
 * 100 a page reads the square of its length over 200 rows (100,000 SKUs: 50 million index entries, most of a
 * minute). So the id where a recent page ended is kept with the list's total, and the next page is sought from
 * that id when the total is still the same: rows never leave a list without filters (/v1 deletes nothing; the
 * count moves should a row go by hand) and a new row comes with a higher id, so the same total means the same
 * rows before that position and the page offset paging would give. A row committed below it out of order
 * changes the total, and the page is read by offset again.
 */
async function unfilteredPage<L extends ListName, R>(
  db: Queryable,
  spec: ListSpec<L, R>,
  unfiltered: NonNullable<ListSpec<L, R>['unfiltered']>,
  params: unknown[],
  paging: Paging,
) {
  const where = spec.where.join(' and ');
  const key = (offset: number) => `${spec.list}\u0000${params[0]}\u0000${offset}`;
  const kept = positions.get(db) ?? new Map<string, Position>();
  positions.set(db, kept);
  const read = (from: Position | undefined) =>
    db.query<R & { total_count__: number; id__: number }>(
      `with page as (select ${spec.orderBy} as id__ from ${unfiltered.from} where ${where}
         ${from ? `and ${spec.orderBy} > ${from.id}` : ''} order by ${spec.orderBy} limit ${paging.pageSize}
         ${from ? '' : `offset ${paging.offset}`})
       select ${spec.select}, page.id__, coalesce((${unfiltered.total}), 0) as total_count__
       from ${spec.from} join page on page.id__ = ${spec.orderBy} order by ${spec.orderBy}`,
      params,
    );
  const at = paging.offset > 0 ? kept.get(key(paging.offset)) : undefined;
  let rows = await read(at);
  // The total read with the page (one snapshot) tells whether the position still holds.
  if (at && (rows.length === 0 || Number(rows[0]!.total_count__) !== at.total)) rows = await read(undefined);
  let totalCount = Number(rows[0]?.total_count__ ?? 0);
  if (rows.length === 0 && paging.offset > 0) {
    const [countRow] = await db.query<{ n: number }>(`select coalesce((${unfiltered.total}), 0) as n`, params);
    totalCount = Number(countRow?.n ?? 0);
  }
  const last = rows.at(-1);
  if (last) {
    if (kept.size >= POSITIONS_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(key(paging.offset + rows.length), { id: Number(last.id__), total: totalCount });
  }
  return envelope(rows.map(spec.map), totalCount, paging);
}
