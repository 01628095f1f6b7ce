import type { ListItem } from '@/lib/contract/endpoints';
import type { ListFilters } from '@/lib/contract/lists';
import type { Sku } from '@/lib/contract/skus';
import { fetchAllPages, fetchListPage } from './lists';
import { companyKeys, productKeys, skuKeys } from './query-keys';
import { findSkusByCode, searchSkus } from './search-skus';

/** How a record is named wherever one is picked: code, name and the id that tells look-alikes apart. */
export function recordLabel(row: { id: number; outerSysCode: string | null; name: string | null }): string {
  return `${row.outerSysCode || '—'} · ${row.name || '—'} (id ${row.id})`;
}

const SEARCH_SIZE = 20;
const sameCode = (a: string | null, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/** The API ANDs its filters, so "code or name" is two requests, merged with code matches first. */
async function byCodeOrName<T extends { id: number }>(
  getPage: (filters: { outerSysCode?: string; name?: string }) => Promise<{ data: T[] }>,
  term: string,
) {
  const text = term.trim();
  if (text === '') return [];
  const [byCode, byName] = await Promise.all([getPage({ outerSysCode: text }), getPage({ name: text })]);
  const seen = new Set<number>();
  return [...byCode.data, ...byName.data].filter((r) => !seen.has(r.id) && seen.add(r.id));
}

export const skuSource = {
  key: [...skuKeys.lists(), 'picker'] as const,
  search: searchSkus,
  findByCode: findSkusByCode,
  label: (s: Sku) => recordLabel(s),
};

/** A picker's source over a list searched by code or by name, whose code lookup ignores case and spaces. */
function codeOrNameSource<L extends 'products' | 'companies'>(list: L, keys: { lists: () => readonly unknown[] }) {
  return {
    key: [...keys.lists(), 'picker'] as const,
    search: (term: string, signal?: AbortSignal) =>
      byCodeOrName<ListItem<L>>(
        // Both lists filter by code and by name; TypeScript cannot see that through a generic list.
        (filters) =>
          fetchListPage(list, { filters: filters as ListFilters<L>, page: 1, pageSize: SEARCH_SIZE }, signal),
        term,
      ),
    findByCode: async (code: string, signal?: AbortSignal) =>
      (await fetchAllPages(list, { outerSysCode: code.trim() } as ListFilters<L>, { signal })).filter((r) =>
        sameCode(r.outerSysCode, code),
      ),
    label: (r: ListItem<L>) => recordLabel(r),
  };
}

export const productSource = codeOrNameSource('products', productKeys);

export const companySource = codeOrNameSource('companies', companyKeys);
