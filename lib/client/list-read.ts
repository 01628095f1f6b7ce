import type { ListItem } from '@/lib/contract/endpoints';
import type { ListName, ListPage } from '@/lib/contract/lists';
import {
  listReadEntry,
  MIRROR_PAGE_SIZE_MAX,
  type LiveReason,
  type MirrorFreshness,
} from '@/lib/contract/console/list-read';
import { consoleFetch } from './console-fetch';
import { fetchAllPages, fetchListPage, type AllPagesProgress, type ListQuery } from './lists';

/** The cache key of a list page as ListView shows it (a ListResult), beside the plain pages other readers keep under the list's key. */
export const shownKey = (listKey: readonly unknown[]) => [...listKey, 'shown'] as const;

/** A list page as a list shows it: from the mirror (sorted, searched, counted, dated), or live through the proxy in id order. */
export type ListResult<T> = ListPage<T> &
  (
    | {
        source: 'mirror';
        counts: Record<string, number> | null;
        more: boolean;
        freshness: MirrorFreshness;
        byCodePoint?: boolean;
      }
    | { source: 'live'; reason: LiveReason }
  );

/**
 * One page of a list: the console's copy answers when it can (lib/contract/console/list-read); otherwise the page
 * is read live through the signing proxy, as before the mirror (MIRROR=off, the first copy not complete yet, a
 * filter only the service answers). `refresh` also asks the mirror's runner for a pass now.
 */
export async function fetchListResult<L extends ListName>(
  list: L,
  query: ListQuery<L>,
  options: { signal?: AbortSignal; refresh?: boolean } = {},
): Promise<ListResult<ListItem<L>>> {
  const answer = await consoleFetch(listReadEntry, {
    params: { list },
    query: {
      ...(query.filters as Record<string, string | number>),
      q: query.q,
      sort: query.sort,
      dir: query.sort ? query.dir : undefined,
      page: query.page,
      pageSize: query.pageSize,
      refresh: options.refresh ? '1' : undefined,
    },
    signal: options.signal,
  });
  if (answer.source === 'mirror') {
    const { counts, more, freshness, byCodePoint } = answer;
    return { ...(answer.page as ListPage<ListItem<L>>), source: 'mirror', counts, more, freshness, byCodePoint };
  }
  return { ...(await fetchListPage(list, query, options.signal)), source: 'live', reason: answer.reason };
}

/**
 * Every row of a list as it is shown: from the mirror in its order and with its search, 500 a request; live
 * (every page of the service, id order) when the list cannot read the mirror.
 */
export async function fetchAllShown<L extends ListName>(
  list: L,
  query: Omit<ListQuery<L>, 'page' | 'pageSize'>,
  options: { signal?: AbortSignal; onProgress?: (p: AllPagesProgress) => void } = {},
): Promise<ListItem<L>[]> {
  const rows: ListItem<L>[] = [];
  for (let page = 1; ; page++) {
    const result = await fetchListResult(list, { ...query, page, pageSize: MIRROR_PAGE_SIZE_MAX }, options);
    if (result.source === 'live') return fetchAllPages(list, query.filters, options);
    rows.push(...result.data);
    options.onProgress?.({ fetched: rows.length, total: Math.max(result.totalCount, rows.length) });
    // Past the count limit the total is not known: the last page is the first one not full.
    if (result.more ? result.data.length < MIRROR_PAGE_SIZE_MAX : page >= result.totalPages) return rows;
  }
}
