import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '../lists';
import { productCategoryKeys } from '../query-keys';

function productCategoriesQueryOptions() {
  return queryOptions({
    queryKey: productCategoryKeys.everything(),
    // Every category of the tenant; the picker and the names on product and SKU pages read this one cache.
    queryFn: ({ signal }) => fetchAllPages('productCategories', {}, { signal }),
    // Categories change rarely and only in the back office.
    staleTime: 5 * 60_000,
  });
}

export function useProductCategories() {
  return useQuery(productCategoriesQueryOptions());
}
