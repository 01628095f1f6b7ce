import pLimit from 'p-limit';
import type { z } from 'zod';
import { LIST_FILTERS, listEnvelope, PAGE_SIZE_MAX, type ListFilters, type ListName, type ListPage } from '@/lib/contract/lists';
import { apiFetch, type QueryValue } from './fetcher';

export interface ListQuery<L extends ListName> {
  filters: ListFilters<L>;
  page: number;
  pageSize: number;
}

/** Query parameters in a stable order (the LIST_FILTERS order, then page and pageSize), so equal lists sign alike. */
export function listQueryParams<L extends ListName>(list: L, query: ListQuery<L>): [string, QueryValue][] {
  const filters = query.filters as Record<string, QueryValue>;
  const params: [string, QueryValue][] = Object.keys(LIST_FILTERS[list]).map((name) => [name, filters[name]]);
  params.push(['page', query.page], ['pageSize', query.pageSize]);
  return params;
}

/** One page of a list. A `data: null` from a real upstream reads as no rows. */
export async function fetchListPage<L extends ListName, S extends z.ZodType>(
  list: L,
  path: string,
  item: S,
  query: ListQuery<L>,
  signal?: AbortSignal,
): Promise<ListPage<z.output<S>>> {
  const envelope = await apiFetch({ path, query: listQueryParams(list, query), schema: listEnvelope(item), signal });
  return { ...envelope, data: (envelope.data ?? []) as z.output<S>[] };
}

export interface AllPagesProgress {
  fetched: number;
  total: number;
}

/**
 * Every row of a filtered list, 100 per request. The first page gives the total; the rest are fetched a few
 * at a time. Lists are ordered by id, so pages do not overlap; a row added meanwhile may be missed or
 * repeated, so repeats (same id) are dropped.
 */
export async function fetchAllPages<L extends ListName, S extends z.ZodType>(
  list: L,
  path: string,
  item: S,
  filters: ListFilters<L>,
  options: { signal?: AbortSignal; onProgress?: (p: AllPagesProgress) => void; concurrency?: number } = {},
): Promise<z.output<S>[]> {
  const pageSize = PAGE_SIZE_MAX;
  const first = await fetchListPage(list, path, item, { filters, page: 1, pageSize }, options.signal);
  const pages: z.output<S>[][] = [first.data];
  let fetched = first.data.length;
  options.onProgress?.({ fetched, total: first.totalCount });
  const limit = pLimit(options.concurrency ?? 4);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) =>
      limit(async () => {
        const page = await fetchListPage(list, path, item, { filters, page: i + 2, pageSize }, options.signal);
        fetched += page.data.length;
        options.onProgress?.({ fetched, total: first.totalCount });
        return page.data;
      }),
    ),
  );
  pages.push(...rest);
  const seen = new Set<unknown>();
  return pages.flat().filter((row) => {
    const id = (row as { id?: unknown }).id;
    if (id === undefined) return true;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}
