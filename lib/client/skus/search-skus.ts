import { useQuery } from '@tanstack/react-query';
import type { Sku } from '@/lib/contract/skus';
import { skuKeys } from '../query-keys';
import { getAllSkus, getSkus } from './get-skus';

const SEARCH_SIZE = 20;

/**
 * SKUs whose code or name contains `term` (the API filters are ANDed, so this asks twice and merges; code
 * matches first). SKU lists never hold Bundle-type SKUs, so a bundle can never be offered as a component.
 */
export async function searchSkus(term: string, signal?: AbortSignal): Promise<Sku[]> {
  const text = term.trim();
  if (text === '') return [];
  const [byCode, byName] = await Promise.all([
    getSkus({ filters: { outerSysCode: text }, page: 1, pageSize: SEARCH_SIZE }, signal),
    getSkus({ filters: { name: text }, page: 1, pageSize: SEARCH_SIZE }, signal),
  ]);
  const seen = new Set<number>();
  return [...byCode.data, ...byName.data].filter((s) => !seen.has(s.id) && seen.add(s.id));
}

/** The service's component code match: exact, case-insensitive, surrounding whitespace ignored. */
export function sameComponentCode(a: string | null, b: string): boolean {
  return (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();
}

/** Every SKU a typed component code would match; more than one means the service would refuse it as ambiguous. */
export async function findSkusByCode(code: string, signal?: AbortSignal): Promise<Sku[]> {
  const text = code.trim();
  if (text === '') return [];
  const candidates = await getAllSkus({ outerSysCode: text }, { signal });
  return candidates.filter((s) => sameComponentCode(s.outerSysCode, text));
}

export function useSkuSearch(term: string) {
  const text = term.trim();
  return useQuery({
    queryKey: [...skuKeys.lists(), 'search', text] as const,
    queryFn: ({ signal }) => searchSkus(text, signal),
    enabled: text !== '',
    staleTime: 30_000,
  });
}
