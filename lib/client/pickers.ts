import type { Company } from '@/lib/contract/companies';
import type { Product } from '@/lib/contract/products';
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

export const productSource = {
  key: [...productKeys.lists(), 'picker'] as const,
  search: (term: string, signal?: AbortSignal) =>
    byCodeOrName<Product>(
      (filters) => fetchListPage('products', { filters, page: 1, pageSize: SEARCH_SIZE }, signal),
      term,
    ),
  findByCode: async (code: string, signal?: AbortSignal) =>
    (await fetchAllPages('products', { outerSysCode: code.trim() }, { signal })).filter((p) =>
      sameCode(p.outerSysCode, code),
    ),
  label: (p: Product) => recordLabel(p),
};

export const companySource = {
  key: [...companyKeys.lists(), 'picker'] as const,
  search: (term: string, signal?: AbortSignal) =>
    byCodeOrName<Company>(
      (filters) => fetchListPage('companies', { filters, page: 1, pageSize: SEARCH_SIZE }, signal),
      term,
    ),
  findByCode: async (code: string, signal?: AbortSignal) =>
    (await fetchAllPages('companies', { outerSysCode: code.trim() }, { signal })).filter((c) =>
      sameCode(c.outerSysCode, code),
    ),
  label: (c: Company) => recordLabel(c),
};
