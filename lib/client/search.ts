import type { ListName } from '@/lib/contract/lists';
import type { RecordType } from '@/lib/contract/history';
import { fetchListPage } from './lists';

/** One record found by the command palette. `type` is also the first path segment of its page. */
export interface SearchHit {
  type: RecordType;
  id: number;
  code: string | null;
  name: string | null;
  /** What matched: the code, the name, or the exact barcode. */
  matched: 'code' | 'name' | 'barcode';
}

/** How many records of a type match on one field: the list page with that filter shows exactly these. */
export interface SearchTotal {
  type: RecordType;
  /** The list filter the palette searched with (`/skus?name=…` opens them all). */
  filter: string;
  matched: SearchHit['matched'];
  count: number;
}

export interface SearchResult {
  hits: SearchHit[];
  /** The true number of matches per type and field (the hits are the first few of each). */
  totals: SearchTotal[];
  /** Record types whose search failed (the others still show). */
  failed: RecordType[];
}

/** Hits per type and per field asked; a palette shows a handful, the list page the rest. */
export const SEARCH_PAGE_SIZE = 5;

type Source = {
  type: RecordType;
  list: ListName;
  /** Filter name → what a match on it means. */
  fields: [string, SearchHit['matched']][];
  code: (row: Record<string, unknown>) => string | null;
};

const SOURCES: Source[] = [
  {
    type: 'companies',
    list: 'companies',
    fields: [
      ['outerSysCode', 'code'],
      ['name', 'name'],
    ],
    code: (r) => r.outerSysCode as string | null,
  },
  {
    type: 'products',
    list: 'products',
    fields: [
      ['outerSysCode', 'code'],
      ['name', 'name'],
    ],
    code: (r) => r.outerSysCode as string | null,
  },
  {
    type: 'skus',
    list: 'skus',
    fields: [
      ['outerSysCode', 'code'],
      ['name', 'name'],
      ['barcode', 'barcode'],
    ],
    code: (r) => r.outerSysCode as string | null,
  },
  {
    type: 'bundles',
    list: 'bundles',
    fields: [
      ['outerSysCode', 'code'],
      ['name', 'name'],
    ],
    code: (r) => r.outerSysCode as string | null,
  },
  {
    type: 'users',
    list: 'internalUsers',
    fields: [
      ['account', 'code'],
      ['name', 'name'],
    ],
    code: (r) => r.account as string | null,
  },
];

/**
 * Searches every record type the person may read, by code, by name and (SKUs) by exact barcode, all at
 * once through the signing proxy (the API ANDs its filters, so each field is its own request). Back-office
 * users only for admins (`includeUsers`). A type whose requests fail is reported; the others still show.
 */
export async function searchEverything(
  term: string,
  options: { includeUsers: boolean; signal?: AbortSignal },
): Promise<SearchResult> {
  const text = term.trim();
  if (text === '') return { hits: [], totals: [], failed: [] };
  const sources = SOURCES.filter((s) => s.type !== 'users' || options.includeUsers);
  const settled = await Promise.all(
    sources.map(async (source) => {
      const pages = await Promise.allSettled(
        source.fields.map(async ([filter, matched]) => {
          const page = await fetchListPage(
            source.list,
            { filters: { [filter]: text }, page: 1, pageSize: SEARCH_PAGE_SIZE },
            options.signal,
          );
          const hits = page.data.map((row) => {
            const r = row as Record<string, unknown>;
            return {
              type: source.type,
              id: r.id as number,
              code: source.code(r),
              name: (r.name as string | null) ?? null,
              matched,
            } satisfies SearchHit;
          });
          return { hits, total: { type: source.type, filter, matched, count: page.totalCount } satisfies SearchTotal };
        }),
      );
      const ok = pages.flatMap((p) => (p.status === 'fulfilled' ? p.value.hits : []));
      const totals = pages.flatMap((p) => (p.status === 'fulfilled' && p.value.total.count > 0 ? [p.value.total] : []));
      const allFailed = pages.every((p) => p.status === 'rejected');
      return { type: source.type, hits: ok, totals, failed: allFailed };
    }),
  );
  if (options.signal?.aborted) throw options.signal.reason;
  const seen = new Set<string>();
  const hits: SearchHit[] = [];
  for (const group of settled) {
    // Exact barcode and exact code first, then the other code matches, then names.
    const ranked = [...group.hits].sort((a, b) => rank(a, text) - rank(b, text));
    for (const hit of ranked) {
      const key = `${hit.type}:${hit.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      hits.push(hit);
    }
  }
  return { hits, totals: settled.flatMap((g) => g.totals), failed: settled.filter((g) => g.failed).map((g) => g.type) };
}

function rank(hit: SearchHit, text: string): number {
  if (hit.matched === 'barcode') return 0;
  if (hit.matched === 'code') return hit.code?.toLowerCase() === text.toLowerCase() ? 1 : 2;
  return 3;
}
