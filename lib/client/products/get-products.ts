import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ListFilters } from '@/lib/contract/lists';
import { product } from '@/lib/contract/resources';
import { fetchAllPages, fetchListPage, type AllPagesProgress, type ListQuery } from '../lists';
import { productKeys } from '../query-keys';

export function getProducts(query: ListQuery<'products'>, signal?: AbortSignal) {
  return fetchListPage('products', '/v1/products', product, query, signal);
}

export function getAllProducts(
  filters: ListFilters<'products'>,
  options?: { signal?: AbortSignal; onProgress?: (p: AllPagesProgress) => void },
) {
  return fetchAllPages('products', '/v1/products', product, filters, options);
}

export function productsQueryOptions(query: ListQuery<'products'>) {
  return queryOptions({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) => getProducts(query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProducts(query: ListQuery<'products'>, options: { enabled?: boolean } = {}) {
  return useQuery({ ...productsQueryOptions(query), enabled: options.enabled ?? true });
}
