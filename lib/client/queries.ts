import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReadResult } from '@/lib/contract/endpoints';
import { READ_TARGETS, type ReadName } from '@/lib/contract/reads';
import type { ListName } from '@/lib/contract/lists';
import { operationPath } from '@/lib/contract/operations';
import { apiFetch } from './fetcher';
import { fetchAllPages, fetchListPage, type ListQuery } from './lists';
import { listKeys, recordKey } from './query-keys';

/**
 * The console's reads as React Query uses them, derived from lib/contract's descriptors: one page of any
 * list (LISTS), and every single-record read (READS: a company, its credit quota, a SKU's stock, a
 * bundle's prices …). No resource has a fetcher or a hook of its own for these.
 */

/** One page of a list as the list pages read it: keyed by its URL state, the current rows kept while the next load. */
export function listQueryOptions<L extends ListName>(list: L, query: ListQuery<L>) {
  return queryOptions({
    queryKey: listKeys[list].list(query),
    queryFn: ({ signal }) => fetchListPage(list, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useList<L extends ListName>(list: L, query: ListQuery<L>) {
  return useQuery(listQueryOptions(list, query));
}

/** Every row of a short list that changes rarely and only in the back office, all pages, read again after 5 min. */
export function wholeListQueryOptions<L extends ListName>(list: L) {
  return queryOptions({
    queryKey: listKeys[list].everything(),
    queryFn: ({ signal }) => fetchAllPages(list, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * A bad id from a URL is sent as it is: the proxy answers it as not found, which the page already shows. The
 * proxy checked the record against its schema (READS), so it is read as it is.
 */
export function getRecord<R extends ReadName>(name: R, id: number, signal?: AbortSignal): Promise<ReadResult<R>> {
  return apiFetch({ path: operationPath(READ_TARGETS[name].operation, id), signal }) as Promise<ReadResult<R>>;
}

export function recordQueryOptions<R extends ReadName>(name: R, id: number) {
  return queryOptions({ queryKey: recordKey(name, id), queryFn: ({ signal }) => getRecord(name, id, signal) });
}

/** Nothing is read until there is an id (a form whose product is not chosen yet passes null). */
export function useRecord<R extends ReadName>(name: R, id: number | null | undefined) {
  return useQuery({ ...recordQueryOptions(name, id ?? 0), enabled: id != null && id > 0 });
}

/**
 * Reads a record afresh, past the cache, and keeps the answer there: what a form re-reads just before sending
 * to see whether the record changed since it opened.
 */
export function useReadAfresh() {
  const client = useQueryClient();
  return <R extends ReadName>(name: R, id: number) =>
    client.fetchQuery({ ...recordQueryOptions(name, id), staleTime: 0 });
}
