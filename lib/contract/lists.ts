import {
  BUNDLE_OPERATIONS,
  COMPANY_OPERATIONS,
  INTERNAL_USER_OPERATIONS,
  PRODUCT_CATEGORY_OPERATIONS,
  PRODUCT_OPERATIONS,
  SKU_OPERATIONS,
} from './operations';

/** List conventions (master-data-api.md "List conventions", contract.md §1). */
export const PAGE_SIZE_MAX = 100;
export const PAGE_SIZE_DEFAULT = 100;
export const INT32_MAX = 2_147_483_647;

export type FilterKind = 'substring' | 'exact' | 'id' | 'datetime';

/** Each list's filters, by kind (no schema here: browser code reads them). */
export const BUNDLE_FILTERS = {
  outerSysCode: 'substring',
  name: 'substring',
  status: 'exact',
  componentSkuId: 'id',
  updatedSince: 'datetime',
} as const;

export const COMPANY_FILTERS = {
  outerSysCode: 'substring',
  name: 'substring',
  internalUserId: 'id',
  updatedSince: 'datetime',
} as const;

export const INTERNAL_USER_FILTERS = {
  account: 'substring',
  name: 'substring',
  outerSysCode: 'substring',
  roleId: 'id',
  status: 'exact',
  updatedSince: 'datetime',
} as const;

export const PRODUCT_CATEGORY_FILTERS = { name: 'substring' } as const;

export const PRODUCT_FILTERS = {
  outerSysCode: 'substring',
  name: 'substring',
  productCategoryId: 'id',
  status: 'exact',
  updatedSince: 'datetime',
} as const;

export const SKU_FILTERS = {
  outerSysCode: 'substring',
  name: 'substring',
  productId: 'id',
  barcode: 'exact',
  status: 'exact',
  updatedSince: 'datetime',
} as const;

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

/** Each list's operation (lib/contract/endpoints.ts adds its item schema). */
export const LIST_OPERATIONS = {
  companies: COMPANY_OPERATIONS.list,
  products: PRODUCT_OPERATIONS.list,
  productCategories: PRODUCT_CATEGORY_OPERATIONS.list,
  skus: SKU_OPERATIONS.list,
  bundles: BUNDLE_OPERATIONS.list,
  internalUsers: INTERNAL_USER_OPERATIONS.list,
} as const satisfies Record<ListName, string>;

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

/** ISO-8601 date-time that names its zone (Z or ±hh:mm); updatedSince without one is invalid_updated_since. */
export const ISO_WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i;

const ISO_PARTS = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|([+-])(\d{2}):?(\d{2}))$/i;

/** Postgres' widest zone offset is ±15:59; a later one it refuses. */
const OFFSET_HOURS_MAX = 15;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
}

/**
 * An updatedSince value as the database reads it (`2026-11-01T08:00:00+08:00`, offsets with a colon, upper
 * case), or null when it is not one: not ISO-8601 with a zone, or a time that does not exist (30 February,
 * hour 24, an offset past ±15:59, year 0; the database refuses those, so they are invalid_updated_since,
 * never a fault). The one check of updatedSince, for the service, the console's clients and its forms.
 */
export function updatedSinceValue(value: string): string | null {
  const m = ISO_PARTS.exec(value);
  if (!m) return null;
  const [, y, mo, d, h, mi, s = '00', fraction = '', , sign, zh, zm] = m;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  if (sign && (Number(zh) > OFFSET_HOURS_MAX || Number(zm) > 59)) return null;
  const offset = sign ? `${sign}${zh}:${zm}` : 'Z';
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${fraction}${offset}`;
}

export function isIsoWithZone(value: string): boolean {
  return updatedSinceValue(value) !== null;
}
