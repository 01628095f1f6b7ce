import { useList } from '../queries';

/** The bundles whose current recipe uses a SKU (GET /v1/bundles?componentSkuId=). */
export function useBundlesUsingSku(skuId: number, pageSize = 20) {
  return useList('bundles', { filters: { componentSkuId: skuId }, page: 1, pageSize });
}
