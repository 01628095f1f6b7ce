import { useQuery } from '@tanstack/react-query';
import { wholeListQueryOptions } from '../queries';

/** Every category of the tenant: the picker and the names on product and SKU pages read this one cache. */
export function useProductCategories() {
  return useQuery(wholeListQueryOptions('productCategories'));
}
