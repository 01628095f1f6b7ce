import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListFilters } from '@/lib/contract/lists';
import { sku } from '@/lib/contract/resources';
import { fetchAllPages, fetchListPage, type AllPagesProgress, type ListQuery } from '../lists';
import { skuKeys } from '../query-keys';

export function getSkus(query: ListQuery<'skus'>, signal?: AbortSignal) {
  return fetchListPage('skus', '/v1/skus', sku, query, signal);
}

export function getAllSkus(filters: ListFilters<'skus'>, options?: { signal?: AbortSignal; onProgress?: (p: AllPagesProgress) => void }) {
  return fetchAllPages('skus', '/v1/skus', sku, filters, options);
}

export function skusQueryOptions(query: ListQuery<'skus'>) {
  return queryOptions({
    queryKey: skuKeys.list(query),
    queryFn: ({ signal }) => getSkus(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useSkus(query: ListQuery<'skus'>) {
  return useQuery(skusQueryOptions(query));
}
