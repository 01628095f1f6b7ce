import { useQueries } from '@tanstack/react-query';
import type { Stock } from '@/lib/contract/stock';
import { recordQueryOptions } from '../queries';

export interface ComponentStocks {
  /** Stock by component SKU id; absent while loading or when the read failed. */
  byId: Map<number, Stock>;
  isPending: boolean;
  /** Component SKU ids whose stock could not be read. */
  failed: number[];
  /** When the oldest of these reads was made (ms), or 0 before any. */
  readAt: number;
  refetch: () => Promise<unknown>;
}

/** The stock query of every component (GET /v1/skus/{id}/stock), the figures the explainer divides. */
export function useComponentStocks(skuIds: readonly number[]): ComponentStocks {
  return useQueries({
    queries: skuIds.map((id) => recordQueryOptions('skuStock', id)),
    combine: (results) => {
      const byId = new Map<number, Stock>();
      const failed: number[] = [];
      results.forEach((r, i) => {
        if (r.data) byId.set(skuIds[i] as number, r.data);
        else if (r.error) failed.push(skuIds[i] as number);
      });
      const times = results.filter((r) => r.dataUpdatedAt > 0).map((r) => r.dataUpdatedAt);
      return {
        byId,
        failed,
        isPending: results.some((r) => r.isPending && !r.error),
        readAt: times.length ? Math.min(...times) : 0,
        refetch: () => Promise.all(results.map((r) => r.refetch())),
      };
    },
  });
}
