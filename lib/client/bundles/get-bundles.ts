import { queryOptions, useQuery } from '@tanstack/react-query';
import { bundle } from '@/lib/contract/resources';
import { fetchListPage, type ListQuery } from '../lists';
import { bundleKeys } from '../query-keys';

export function getBundles(query: ListQuery<'bundles'>, signal?: AbortSignal) {
  return fetchListPage('bundles', '/v1/bundles', bundle, query, signal);
}

export function bundlesQueryOptions(query: ListQuery<'bundles'>) {
  return queryOptions({ queryKey: bundleKeys.list(query), queryFn: ({ signal }) => getBundles(query, signal) });
}

/** The bundles whose current recipe uses a SKU (GET /v1/bundles?componentSkuId=). */
export function useBundlesUsingSku(skuId: number, pageSize = 20) {
  return useQuery(bundlesQueryOptions({ filters: { componentSkuId: skuId }, page: 1, pageSize }));
}
