import { CREDIT_SORTS, POINT_SORTS, QUOTA_TABS, type QuotaFilters, type QuotaQuery, type QuotaTab } from './dashboard';

/**
 * The dashboards' URL: tab, sort, dir, page, pageSize and the filters (q, company, enabled, over,
 * minUtil in percent). Values a person could not have produced are dropped, so a mangled link still opens.
 */
export type SearchParams = Record<string, string | string[] | undefined>;

export const QUOTA_PAGE_SIZES = [25, 50, 100] as const;
const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() ?? '';

export function parseQuotaQuery(params: SearchParams): QuotaQuery {
  const tab: QuotaTab = (QUOTA_TABS as readonly string[]).includes(first(params.tab))
    ? (first(params.tab) as QuotaTab)
    : 'credit';
  const sorts = tab === 'credit' ? CREDIT_SORTS : POINT_SORTS;
  const sortRaw = first(params.sort);
  const sort = sortRaw in sorts ? sortRaw : tab === 'credit' ? 'availableAmount' : 'balance';
  const dirRaw = first(params.dir);
  const dir = dirRaw === 'asc' || dirRaw === 'desc' ? dirRaw : tab === 'credit' ? 'asc' : 'desc';
  const pageRaw = first(params.page);
  const page = /^[1-9]\d{0,6}$/.test(pageRaw) ? Number(pageRaw) : 1;
  const sizeRaw = Number(first(params.pageSize));
  const pageSize = (QUOTA_PAGE_SIZES as readonly number[]).includes(sizeRaw) ? sizeRaw : 25;
  const filters: QuotaFilters = {};
  const q = first(params.q);
  if (q) filters.q = q.slice(0, 100);
  const company = first(params.company);
  if (/^[1-9]\d{0,15}$/.test(company)) filters.companyId = Number(company);
  const enabled = first(params.enabled);
  if (enabled === 'yes' || enabled === 'no') filters.enabled = enabled === 'yes';
  if (tab === 'credit') {
    if (first(params.over) === '1') filters.overLimit = true;
    const minUtil = first(params.minUtil);
    if (/^\d{1,4}(\.\d{1,2})?$/.test(minUtil)) filters.minUtilisation = Number(minUtil) / 100;
  }
  return { tab, sort, dir, page, pageSize, filters };
}

/** The query string of a state with some keys replaced (undefined removes), defaults left out. */
export function quotaHref(query: QuotaQuery, changes: Record<string, string | number | undefined> = {}): string {
  const f = query.filters;
  const values: Record<string, string | number | undefined> = {
    tab: query.tab === 'credit' ? undefined : query.tab,
    q: f.q,
    company: f.companyId,
    enabled: f.enabled === undefined ? undefined : f.enabled ? 'yes' : 'no',
    over: f.overLimit ? 1 : undefined,
    minUtil: f.minUtilisation === undefined ? undefined : Math.round(f.minUtilisation * 10000) / 100,
    sort: query.sort,
    dir: query.dir,
    page: query.page > 1 ? query.page : undefined,
    pageSize: query.pageSize !== 25 ? query.pageSize : undefined,
    ...changes,
  };
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== '') search.set(k, String(v));
  const text = search.toString();
  return `/quotas${text ? `?${text}` : ''}`;
}
