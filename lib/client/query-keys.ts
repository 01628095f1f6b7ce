import type { ListName } from '@/lib/contract/lists';
import type { ListQuery } from './lists';

/**
 * One key factory per resource (design.md "Queries"): `all` ⊃ `lists()` ⊃ `list(query)`, and
 * `all` ⊃ `details()` ⊃ `detail(id)` ⊃ anything read about that one record (stock, price, quotas).
 * Invalidating `detail(id)` therefore refreshes the record and its panels together.
 */
function keysFor<const R extends string, L extends ListName>(resource: R) {
  const keys = {
    all: [resource] as const,
    lists: () => [resource, 'list'] as const,
    list: (query: ListQuery<L>) => [resource, 'list', query] as const,
    /** Every row of a filtered list (exports, pickers). */
    everything: (filters: ListQuery<L>['filters'] = {}) => [resource, 'list', 'all', filters] as const,
    details: () => [resource, 'detail'] as const,
    detail: (id: number) => [resource, 'detail', id] as const,
  };
  return keys;
}

export const companyKeys = {
  ...keysFor<'companies', 'companies'>('companies'),
  creditQuota: (id: number) => ['companies', 'detail', id, 'credit-quota'] as const,
  pointQuota: (id: number) => ['companies', 'detail', id, 'point-quota'] as const,
};

export const productKeys = keysFor<'products', 'products'>('products');
export const productCategoryKeys = keysFor<'product-categories', 'productCategories'>('product-categories');

export const skuKeys = {
  ...keysFor<'skus', 'skus'>('skus'),
  stock: (id: number) => ['skus', 'detail', id, 'stock'] as const,
  price: (id: number) => ['skus', 'detail', id, 'price'] as const,
};

export const bundleKeys = {
  ...keysFor<'bundles', 'bundles'>('bundles'),
  prices: (id: number) => ['bundles', 'detail', id, 'prices'] as const,
};
export const internalUserKeys = keysFor<'internal-users', 'internalUsers'>('internal-users');
