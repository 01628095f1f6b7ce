import pLimit from 'p-limit';
import type { ListItem } from '@/lib/contract/endpoints';
import {
  LIST_OPERATIONS,
  listQueryPairs,
  PAGE_SIZE_MAX,
  type ListFilters,
  type ListName,
  type ListPage,
} from '@/lib/contract/lists';
import { operationPath } from '@/lib/contract/operations';
import type { SortDirection } from '@/lib/contract/console/list-read';
import { apiFetch, type QueryValue } from './fetcher';

export interface ListQuery<L extends ListName> {
  filters: ListFilters<L>;
  page: number;
  pageSize: number;
  /** Read from the mirror only (./list-read): a column of LIST_SORTS, its direction, a search across the record. */
  sort?: string;
  dir?: SortDirection;
  q?: string;
}

/**
 * One page of a list (its operation from lib/contract). The proxy checked the answer against the list's schema,
 * so it is read as it is. A `data: null` from a real upstream reads as no rows.
 */
export async function fetchListPage<L extends ListName>(
  list: L,
  query: ListQuery<L>,
  signal?: AbortSignal,
): Promise<ListPage<ListItem<L>>> {
  const path = operationPath(LIST_OPERATIONS[list]);
  // The service pages by PAGE_SIZE_MAX at most (a link from a list that read the mirror may ask for 500).
  const params = { filters: query.filters, page: query.page, pageSize: Math.min(query.pageSize, PAGE_SIZE_MAX) };
  const envelope = (await apiFetch({
    path,
    query: listQueryPairs(list, params) as [string, QueryValue][],
    signal,
  })) as Omit<ListPage<ListItem<L>>, 'data'> & {
    data: ListItem<L>[] | null;
  };
  return { ...envelope, data: envelope.data ?? [] };
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
export async function fetchAllPages<L extends ListName>(
  list: L,
  filters: ListFilters<L>,
  options: { signal?: AbortSignal; onProgress?: (p: AllPagesProgress) => void; concurrency?: number } = {},
): Promise<ListItem<L>[]> {
  const pageSize = PAGE_SIZE_MAX;
  const first = await fetchListPage(list, { filters, page: 1, pageSize }, options.signal);
  const pages: ListItem<L>[][] = [first.data];
  let fetched = first.data.length;
  options.onProgress?.({ fetched, total: first.totalCount });
  const limit = pLimit(options.concurrency ?? 4);
  const rest = await Promise.all(
    Array.from({ length: Math.max(0, first.totalPages - 1) }, (_, i) =>
      limit(async () => {
        const page = await fetchListPage(list, { filters, page: i + 2, pageSize }, options.signal);
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
