'use client';

import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { startTransition, useCallback, useMemo, useOptimistic } from 'react';
import type { ListFilters, ListName } from '@/lib/contract/lists';
import { listStateToSearch, parseListState, type ListUrlState } from './url-state';

export type NavigateMode = 'push' | 'replace';

/**
 * The list's filters, search, sort, page and page size, read from and written to the URL. A committed change (Enter, a
 * select, a page button) pushes a history entry so Back undoes it; typing replaces the entry as it goes.
 */
export function useListUrlState<L extends ListName>(list: L, defaults: { pageSize?: number } = {}) {
  const params = useSearchParams();
  const router = useRouter();
  const pathname = usePathname();
  const defaultPageSize = defaults.pageSize;
  const search = params.toString();
  const urlState = useMemo(
    () => parseListState(list, new URLSearchParams(search), { pageSize: defaultPageSize }),
    [list, search, defaultPageSize],
  );
  // The new state shows (and its rows start loading) at once, while the navigation that puts it in the URL
  // completes; a checkbox or select never snaps back to the old value in between.
  const [state, setOptimisticState] = useOptimistic(urlState);

  const navigate = useCallback(
    (next: ListUrlState<L>, mode: NavigateMode = 'push') => {
      const url = `${pathname}${listStateToSearch(list, next, { pageSize: defaultPageSize })}`;
      startTransition(() => {
        setOptimisticState(next);
        if (mode === 'push') router.push(url, { scroll: false });
        else router.replace(url, { scroll: false });
      });
    },
    [defaultPageSize, list, pathname, router, setOptimisticState],
  );

  const setFilters = useCallback(
    (patch: ListFilters<L>, mode: NavigateMode = 'push') => {
      const filters = { ...state.filters, ...patch } as Record<string, unknown>;
      for (const key of Object.keys(filters))
        if (filters[key] === undefined || filters[key] === '') delete filters[key];
      // A new filter changes which rows exist, so the view goes back to the first page.
      navigate({ ...state, filters: filters as ListFilters<L>, page: 1 }, mode);
    },
    [navigate, state],
  );

  const clearFilters = useCallback(
    () => navigate({ ...state, filters: {}, q: undefined, page: 1, exactCode: false }),
    [navigate, state],
  );
  // A header's sort goes ascending, then descending, then back to the id order.
  const setSort = useCallback(
    (column: string) => {
      const dir = state.sort !== column ? 'asc' : state.dir === 'asc' ? 'desc' : undefined;
      navigate({ ...state, sort: dir ? column : undefined, dir, page: 1 });
    },
    [navigate, state],
  );
  // The sheet's sort: a column and a direction at once (undefined: the id order).
  const setOrder = useCallback(
    (column: string | undefined, dir: ListUrlState<L>['dir']) =>
      navigate({ ...state, sort: column && dir ? column : undefined, dir: column ? dir : undefined, page: 1 }),
    [navigate, state],
  );
  const setSearch = useCallback(
    (q: string, mode: NavigateMode = 'push') =>
      navigate({ ...state, q: q.trim() === '' ? undefined : q, page: 1 }, mode),
    [navigate, state],
  );
  const setPage = useCallback((page: number) => navigate({ ...state, page }), [navigate, state]);
  const setPageSize = useCallback((pageSize: number) => navigate({ ...state, pageSize, page: 1 }), [navigate, state]);
  const setExactCode = useCallback((exactCode: boolean) => navigate({ ...state, exactCode }), [navigate, state]);
  // The code box beside a search: one exact code, the filter and the toggle in one navigation.
  const setExactCodeFilter = useCallback(
    (code: string, mode: NavigateMode = 'push') => {
      const filters = { ...state.filters } as Record<string, unknown>;
      const trimmed = code.trim();
      if (trimmed === '') delete filters.outerSysCode;
      else filters.outerSysCode = trimmed;
      navigate({ ...state, filters: filters as ListFilters<L>, exactCode: trimmed !== '', page: 1 }, mode);
    },
    [navigate, state],
  );

  return {
    state,
    setFilters,
    clearFilters,
    setPage,
    setPageSize,
    setExactCode,
    setExactCodeFilter,
    setSort,
    setOrder,
    setSearch,
  };
}
