import { queryOptions, useQuery } from '@tanstack/react-query';
import { productCategory } from '@/lib/contract/resources';
import { fetchAllPages } from '../lists';
import { productCategoryKeys } from '../query-keys';

/** Every category of the tenant; the picker and the names on product and SKU pages read this one cache. */
export function getAllProductCategories(signal?: AbortSignal) {
  return fetchAllPages('productCategories', '/v1/product-categories', productCategory, {}, { signal });
}

export function productCategoriesQueryOptions() {
  return queryOptions({
    queryKey: productCategoryKeys.everything(),
    queryFn: ({ signal }) => getAllProductCategories(signal),
    // Categories change rarely and only in the back office.
    staleTime: 5 * 60_000,
  });
}

export function useProductCategories() {
  return useQuery(productCategoriesQueryOptions());
}
