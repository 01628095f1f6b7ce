import type { Sku } from '@/lib/contract/skus';
import { fetchAllPages, fetchListPage } from './lists';

const SEARCH_SIZE = 20;

/**
 * SKUs whose code or name contains `term` (the API filters are ANDed, so this asks twice and merges; code
 * matches first). SKU lists never hold Bundle-type SKUs, so a bundle can never be offered as a component.
 */
export async function searchSkus(term: string, signal?: AbortSignal): Promise<Sku[]> {
  const text = term.trim();
  if (text === '') return [];
  const [byCode, byName] = await Promise.all([
    fetchListPage('skus', { filters: { outerSysCode: text }, page: 1, pageSize: SEARCH_SIZE }, signal),
    fetchListPage('skus', { filters: { name: text }, page: 1, pageSize: SEARCH_SIZE }, signal),
  ]);
  const seen = new Set<number>();
  return [...byCode.data, ...byName.data].filter((s) => !seen.has(s.id) && seen.add(s.id));
}

/** The service's component code match: exact, case-insensitive, surrounding whitespace ignored. */
function sameComponentCode(a: string | null, b: string): boolean {
  return (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();
}

/** Every SKU a typed component code would match; more than one means the service would refuse it as ambiguous. */
export async function findSkusByCode(code: string, signal?: AbortSignal): Promise<Sku[]> {
  const text = code.trim();
  if (text === '') return [];
  const candidates = await fetchAllPages('skus', { outerSysCode: text }, { signal });
  return candidates.filter((s) => sameComponentCode(s.outerSysCode, text));
}
