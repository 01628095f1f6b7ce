import { z } from 'zod';
import { BUNDLE_FILTERS } from './bundles';
import { COMPANY_FILTERS } from './companies';
import { INTERNAL_USER_FILTERS } from './internal-users';
import { PRODUCT_CATEGORY_FILTERS } from './product-categories';
import { PRODUCT_FILTERS } from './products';
import { SKU_FILTERS } from './skus';

/** List conventions (master-data-api.md "List conventions", contract.md §1). */
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 100;
export const INT32_MAX = 2_147_483_647;

export type FilterKind = 'substring' | 'exact' | 'id' | 'datetime';

/**
 * Every filter each list endpoint accepts, by kind (each resource module names its own). The service binds
 * query parameters from this table, and the console builds its filter bars and typed clients from it.
 */
export const LIST_FILTERS = {
  companies: COMPANY_FILTERS,
  products: PRODUCT_FILTERS,
  productCategories: PRODUCT_CATEGORY_FILTERS,
  skus: SKU_FILTERS,
  bundles: BUNDLE_FILTERS,
  internalUsers: INTERNAL_USER_FILTERS,
} as const satisfies Record<string, Record<string, FilterKind>>;

export type ListName = keyof typeof LIST_FILTERS;

type FilterValue<K extends FilterKind> = K extends 'id' ? number : string;
export type ListFilters<L extends ListName> = {
  [F in keyof (typeof LIST_FILTERS)[L]]?: (typeof LIST_FILTERS)[L][F] extends FilterKind
    ? FilterValue<(typeof LIST_FILTERS)[L][F]>
    : never;
};

export interface ListParams<L extends ListName> {
  filters?: ListFilters<L>;
  page?: number;
  pageSize?: number;
}

/** The envelope of every list. `data` may be null from a real upstream; readers treat null as []. */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item).nullable(),
    totalCount: z.number(),
    currentPage: z.number(),
    pageSize: z.number(),
    totalPages: z.number(),
  });
}

export interface ListPage<T> {
  data: T[];
  totalCount: number;
  currentPage: number;
  pageSize: number;
  totalPages: number;
}

export function totalPages(totalCount: number, pageSize: number): number {
  return totalCount === 0 ? 0 : Math.ceil(totalCount / pageSize);
}

export type ListQueryValue = string | number | boolean | Date | null | undefined;

/**
 * The query pairs of a list request in one stable order (the LIST_FILTERS order, then page and pageSize),
 * so equal lists give equal URLs and sign alike, whichever client builds them.
 */
export function listQueryPairs<L extends ListName>(
  list: L,
  params: { filters?: object; page?: number; pageSize?: number },
): [string, ListQueryValue][] {
  const filters = (params.filters ?? {}) as Record<string, ListQueryValue>;
  const pairs: [string, ListQueryValue][] = Object.keys(LIST_FILTERS[list]).map((name) => [name, filters[name]]);
  pairs.push(['page', params.page], ['pageSize', params.pageSize]);
  return pairs;
}
