import {
  isIsoWithZone,
  LIST_FILTERS,
  PAGE_SIZE_MAX,
  type FilterKind,
  type ListFilters,
  type ListName,
} from '@/lib/contract/lists';
import {
  isSortable,
  LIST_SEARCH_MAX,
  MIRROR_PAGE_SIZE_MAX,
  type SortDirection,
} from '@/lib/contract/console/list-read';
import type { ListQuery } from '@/lib/client/lists';

/**
 * A list view lives in the URL (design.md "Queries"): every filter under its API name, then the search `q`,
 * `sort` and `dir`, `page`, `pageSize` and `exactCode`. Values a person could not have produced through the UI (a page of 0, an id
 * of "abc", an updatedSince without a zone) are dropped rather than sent, so a mangled link still opens.
 */
export interface ListUrlState<L extends ListName> {
  filters: ListFilters<L>;
  page: number;
  pageSize: number;
  /** Console-side exact comparison of outerSysCode (the API matches codes as substrings). */
  exactCode: boolean;
  /** A column of the list's LIST_SORTS (lists that read the mirror); none: by id. */
  sort?: string;
  dir?: SortDirection;
  /** A search across the record's texts (lists that read the mirror). */
  q?: string;
}

/** What a list read asks for: the URL state but the exact-code toggle, which is applied in the console. */
export function listQueryOf<L extends ListName>(state: ListUrlState<L>): ListQuery<L> {
  return {
    filters: state.filters,
    page: state.page,
    pageSize: state.pageSize,
    sort: state.sort,
    dir: state.dir,
    q: state.q,
  };
}

export const DEFAULT_PAGE_SIZE = 25;
export const PAGE_SIZE_CHOICES = [10, 25, 50, 100] as const;

const ID = /^[1-9][0-9]{0,15}$/;
const INT = /^[1-9][0-9]{0,9}$/;

function filterValue(kind: FilterKind, raw: string): string | number | undefined {
  const value = raw.trim();
  if (value === '') return undefined;
  switch (kind) {
    case 'id':
      return ID.test(value) ? Number(value) : undefined;
    case 'datetime':
      return isIsoWithZone(value) ? value : undefined;
    default:
      return raw;
  }
}

export function parseListState<L extends ListName>(
  list: L,
  params: URLSearchParams,
  defaults: { pageSize?: number } = {},
): ListUrlState<L> {
  const filters: Record<string, string | number> = {};
  for (const [name, kind] of Object.entries(LIST_FILTERS[list]) as [string, FilterKind][]) {
    const raw = params.get(name);
    if (raw == null) continue;
    const value = filterValue(kind, raw);
    if (value !== undefined) filters[name] = value;
  }
  const pageRaw = params.get('page') ?? '';
  const sizeRaw = params.get('pageSize') ?? '';
  const page = INT.test(pageRaw) ? Number(pageRaw) : 1;
  const size = INT.test(sizeRaw) ? Number(sizeRaw) : NaN;
  // 1 to 100 as the service pages, or the mirror's largest page.
  const pageSize =
    (size >= 1 && size <= PAGE_SIZE_MAX) || size === MIRROR_PAGE_SIZE_MAX
      ? size
      : (defaults.pageSize ?? DEFAULT_PAGE_SIZE);
  const sortRaw = params.get('sort') ?? '';
  const sort = isSortable(list, sortRaw) ? sortRaw : undefined;
  const q = (params.get('q') ?? '').slice(0, LIST_SEARCH_MAX) || undefined;
  return {
    filters: filters as ListFilters<L>,
    page,
    pageSize,
    exactCode: params.get('exactCode') === '1',
    sort,
    dir: sort ? (params.get('dir') === 'desc' ? 'desc' : 'asc') : undefined,
    q,
  };
}

/** The query string for a state, without values equal to the defaults, so links stay short. */
export function listStateToSearch<L extends ListName>(
  list: L,
  state: ListUrlState<L>,
  defaults: { pageSize?: number } = {},
): string {
  const params = new URLSearchParams();
  const filters = state.filters as Record<string, string | number | undefined>;
  for (const name of Object.keys(LIST_FILTERS[list])) {
    const value = filters[name];
    if (value === undefined || value === '') continue;
    params.set(name, String(value));
  }
  if (state.q) params.set('q', state.q);
  if (state.sort) {
    params.set('sort', state.sort);
    if (state.dir === 'desc') params.set('dir', 'desc');
  }
  if (state.exactCode) params.set('exactCode', '1');
  if (state.page > 1) params.set('page', String(state.page));
  if (state.pageSize !== (defaults.pageSize ?? DEFAULT_PAGE_SIZE)) params.set('pageSize', String(state.pageSize));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** Rows whose code equals the filter exactly, case-sensitive: the console's "exact code" comparison. */
export function exactCodeRows<Row extends { outerSysCode: string | null }>(
  rows: readonly Row[],
  code: string | undefined,
): Row[] {
  if (code === undefined || code === '') return [...rows];
  return rows.filter((row) => row.outerSysCode === code);
}
