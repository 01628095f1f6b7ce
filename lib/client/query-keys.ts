import { LIST_OPERATIONS, type ListName } from '@/lib/contract/lists';
import { READ_TARGETS, type ReadName } from '@/lib/contract/reads';
import type { ListQuery } from './lists';

/**
 * One key factory per resource (design.md "Queries"), derived from lib/contract's lists and reads:
 * `all` ⊃ `lists()` ⊃ `list(query)`, and `all` ⊃ `details()` ⊃ `detail(id)` ⊃ anything read about that one
 * record (stock, price, quotas: `recordKey`). Invalidating `detail(id)` therefore refreshes the record and
 * its panels together. A resource's key is the last segment of its list path (`product-categories`).
 */
function keysFor<L extends ListName>(list: L) {
  const resource = LIST_OPERATIONS[list].slice(LIST_OPERATIONS[list].lastIndexOf('/') + 1);
  return {
    all: [resource] as const,
    lists: () => [resource, 'list'] as const,
    list: (query: ListQuery<L>) => [resource, 'list', query] as const,
    /** Every row of a filtered list (exports, pickers). */
    everything: (filters: ListQuery<L>['filters'] = {}) => [resource, 'list', 'all', filters] as const,
    details: () => [resource, 'detail'] as const,
    detail: (id: number) => [resource, 'detail', id] as const,
  };
}

type Keys = { [L in ListName]: ReturnType<typeof keysFor<L>> };

export const listKeys = Object.fromEntries(
  (Object.keys(LIST_OPERATIONS) as ListName[]).map((list) => [list, keysFor(list)]),
) as Keys;

/** The key of a single-record read: the record's detail, or a part of it (`['skus', 'detail', 7, 'stock']`). */
export function recordKey(name: ReadName, id: number): readonly unknown[] {
  const read: { list: ListName; part?: string } = READ_TARGETS[name];
  const detail = listKeys[read.list].detail(id);
  return read.part === undefined ? detail : [...detail, read.part];
}

export const {
  companies: companyKeys,
  products: productKeys,
  productCategories: productCategoryKeys,
  skus: skuKeys,
  bundles: bundleKeys,
  internalUsers: internalUserKeys,
} = listKeys;
