import { queryOptions, useQuery } from '@tanstack/react-query';
import { product } from '@/lib/contract/resources';
import { apiFetch } from '../fetcher';
import { productKeys } from '../query-keys';

export function getProduct(id: number, signal?: AbortSignal) {
  return apiFetch({ path: `/v1/products/${id}`, schema: product, signal });
}

export function productQueryOptions(id: number) {
  return queryOptions({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal) });
}

export function useProduct(id: number | null | undefined) {
  return useQuery({ ...productQueryOptions(id ?? 0), enabled: id != null && id > 0 });
}
