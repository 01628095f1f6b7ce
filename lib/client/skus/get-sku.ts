import { queryOptions, useQuery } from '@tanstack/react-query';
import { price, sku, stock } from '@/lib/contract/resources';
import { apiFetch } from '../fetcher';
import { skuKeys } from '../query-keys';

export function getSku(id: number, signal?: AbortSignal) {
  return apiFetch({ path: `/v1/skus/${id}`, schema: sku, signal });
}

export function getSkuStock(id: number, signal?: AbortSignal) {
  return apiFetch({ path: `/v1/skus/${id}/stock`, schema: stock, signal });
}

export function getSkuPrice(id: number, signal?: AbortSignal) {
  return apiFetch({ path: `/v1/skus/${id}/price`, schema: price, signal });
}

export function skuQueryOptions(id: number) {
  return queryOptions({ queryKey: skuKeys.detail(id), queryFn: ({ signal }) => getSku(id, signal) });
}

export function skuStockQueryOptions(id: number) {
  return queryOptions({ queryKey: skuKeys.stock(id), queryFn: ({ signal }) => getSkuStock(id, signal) });
}

export function skuPriceQueryOptions(id: number) {
  return queryOptions({ queryKey: skuKeys.price(id), queryFn: ({ signal }) => getSkuPrice(id, signal) });
}

export function useSku(id: number) {
  return useQuery(skuQueryOptions(id));
}

export function useSkuStock(id: number) {
  return useQuery(skuStockQueryOptions(id));
}

export function useSkuPrice(id: number) {
  return useQuery(skuPriceQueryOptions(id));
}
