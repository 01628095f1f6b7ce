import type { z } from 'zod';
import type { ListName, ListPage } from '../lists';
import { endpoint, json } from './endpoint';

/**
 * A list page read from the console's copy of the master data (the mirror, issue 32): sorted by any shown
 * column, searched across the record's texts, counted per status, with how fresh the copy is. No zod here:
 * the list pages read this on first load (lib/contract/console/lists.ts adds the schemas for the route).
 */

/**
 * How a column sorts: text, number, the length of a list in the record (a bundle's components), or the name of
 * the record an id points at (a company's salesperson, a product's category path, a SKU's product), as the column
 * shows it.
 */
export type SortKind = 'text' | 'number' | 'count' | 'name-of';

/** The columns each list sorts on (the list pages' column ids); every sort ends with the id, so equal values keep one order. */
export const LIST_SORTS = {
  companies: {
    outerSysCode: 'text',
    name: 'text',
    shortName: 'text',
    cellPhone: 'text',
    shippingAddress: 'text',
    internalUserId: 'name-of',
    status: 'text',
  },
  products: { outerSysCode: 'text', name: 'text', productCategoryId: 'name-of', status: 'text' },
  productCategories: { name: 'text' },
  skus: {
    outerSysCode: 'text',
    name: 'text',
    sellPrice: 'number',
    inventoryQty: 'number',
    status: 'text',
    productId: 'name-of',
    barcode: 'text',
    warehouse: 'text',
    unit: 'text',
    spec: 'text',
    price: 'number',
    quantityPrecision: 'number',
  },
  bundles: {
    outerSysCode: 'text',
    name: 'text',
    status: 'text',
    price: 'number',
    sellPrice: 'number',
    componentCount: 'count',
    availableQty: 'number',
  },
  internalUsers: { account: 'text', name: 'text', email: 'text', status: 'text', outerSysCode: 'text' },
} as const satisfies Record<ListName, Record<string, SortKind>>;

export type SortDirection = 'asc' | 'desc';
export const SORT_DIRECTIONS = ['asc', 'desc'] as const satisfies readonly SortDirection[];

export function isSortable(list: ListName, column: string): boolean {
  return Object.hasOwn(LIST_SORTS[list], column);
}

/** Rows a page when the list reads the mirror (the service pages by 100 at most; the copy is local). */
export const MIRROR_PAGE_SIZES = [25, 50, 100, 500] as const;
export const MIRROR_PAGE_SIZE_MAX = 500;

/**
 * A search or filter matching more records than this is counted no further: the list then says "more than"
 * this many and shows no count per status (counting every match of a loose search over a million SKUs costs
 * a read of each; the first pages cost a read of about this many).
 */
export const MIRROR_COUNT_LIMIT = 1_000;

/** A search longer than this is refused (the search field's own limit). */
export const LIST_SEARCH_MAX = 200;

/** How fresh the copy is. */
export interface MirrorFreshness {
  /** When the last complete pass began (ISO): the copy holds every change made before it. */
  asOf: string;
  /** No complete pass for more than STALE_INTERVALS intervals, or the last one failed because the service is away. */
  stale: boolean;
  /** The last pass could not reach the service. */
  away: boolean;
  intervalS: number;
}

/** Past this many intervals without a complete pass, the copy is stale. */
export const STALE_INTERVALS = 3;

/**
 * Why a list pages live through the proxy instead (today's id order): the mirror is off (MIRROR=off), its
 * first copy is not complete yet, or a filter asks what the copy cannot answer (updatedSince: the service's
 * records carry no modification time).
 */
export type LiveReason = 'off' | 'pending' | 'filter';

export type ListReadAnswer<T = unknown> =
  | {
      source: 'mirror';
      page: ListPage<T>;
      /** Per status, what matches all but the status filter; null without status or when `more`. */
      counts: Record<string, number> | null;
      /** More match than MIRROR_COUNT_LIMIT: `page.totalCount` is that limit, not the total. */
      more: boolean;
      freshness: MirrorFreshness;
      /** The reader's language orders words by stroke (zh-TW), but the database has no such collation: they sort by code point. */
      byCodePoint?: boolean;
    }
  | { source: 'live'; reason: LiveReason };

/** The query a list read takes: the list's filters by their API names, then these. */
export interface ListReadQuery {
  q?: string;
  sort?: string;
  dir?: SortDirection;
  page?: number;
  pageSize?: number;
  /** Asks the mirror's runner for a pass now (the Refresh button), where this process runs it. */
  refresh?: '1';
}

/** The back-office users are admin-only data (lib/contract/roles), their list included. */
export const listReadPermission = (list: string | undefined) =>
  list === 'internalUsers' ? ('manageInternalUsers' as const) : ('useConsole' as const);

export const LIST_READ_PATH = '/api/lists/[list]';

/**
 * The endpoint as the browser calls it, without its schemas (./lists holds the route's entry, same path,
 * access and answer): zod stays off the list pages' first load.
 */
export const listReadEntry = endpoint<z.ZodType<{ list: ListName }>, z.ZodType, z.ZodType, ListReadAnswer>({
  method: 'GET',
  path: LIST_READ_PATH,
  access: { kind: 'session', permission: ({ list }) => listReadPermission(list) },
  answer: json<ListReadAnswer>(),
});
