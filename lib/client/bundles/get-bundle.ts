import { queryOptions, useQuery } from '@tanstack/react-query';
import { bundlePrice } from '@/lib/contract/bundle-prices';
import { bundle } from '@/lib/contract/bundles';
import { apiFetch } from '../fetcher';
import { bundleKeys } from '../query-keys';

export function getBundle(id: number, signal?: AbortSignal) {
  return apiFetch({ path: `/v1/bundles/${id}`, schema: bundle, signal });
}

/** List and sell price through the bundle price endpoint (never the SKU price family, which 404s for bundles). */
export function getBundlePrices(id: number, signal?: AbortSignal) {
  return apiFetch({ path: `/v1/bundles/${id}/prices`, schema: bundlePrice, signal });
}

export function bundleQueryOptions(id: number) {
  return queryOptions({ queryKey: bundleKeys.detail(id), queryFn: ({ signal }) => getBundle(id, signal) });
}

export function bundlePricesQueryOptions(id: number) {
  return queryOptions({ queryKey: bundleKeys.prices(id), queryFn: ({ signal }) => getBundlePrices(id, signal) });
}

export function useBundle(id: number | undefined) {
  return useQuery({ ...bundleQueryOptions(id ?? 0), enabled: id !== undefined });
}

export function useBundlePrices(id: number) {
  return useQuery(bundlePricesQueryOptions(id));
}
