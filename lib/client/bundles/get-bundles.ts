import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListFilters } from '@/lib/contract/lists';
import { bundle } from '@/lib/contract/bundles';
import { fetchAllPages, fetchListPage, type AllPagesProgress, type ListQuery } from '../lists';
import { bundleKeys } from '../query-keys';

export function getBundles(query: ListQuery<'bundles'>, signal?: AbortSignal) {
  return fetchListPage('bundles', '/v1/bundles', bundle, query, signal);
}

export function getAllBundles(filters: ListFilters<'bundles'>, options?: { signal?: AbortSignal; onProgress?: (p: AllPagesProgress) => void }) {
  return fetchAllPages('bundles', '/v1/bundles', bundle, filters, options);
}

export function bundlesQueryOptions(query: ListQuery<'bundles'>) {
  return queryOptions({ queryKey: bundleKeys.list(query), queryFn: ({ signal }) => getBundles(query, signal), placeholderData: keepPreviousData });
}

/** The bundles whose current recipe uses a SKU (GET /v1/bundles?componentSkuId=). */
export function useBundlesUsingSku(skuId: number, pageSize = 20) {
  return useQuery(bundlesQueryOptions({ filters: { componentSkuId: skuId }, page: 1, pageSize }));
}
