import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  CODE_LOOKUP_LISTS,
  CREATE_RESULT_HEADER,
  codeLookupFilters,
  exactCodeMatches,
  type CodeLookup,
  type CodeLookupResource,
} from '@/lib/contract/code-lookup';
import { apiFetchWithHeaders } from './fetcher';
import { fetchAllPages } from './lists';
import type { ListFilters, ListName } from '@/lib/contract/lists';
import { idResponse } from './answer-schemas';

/** A record that already has the ERP code a create would send. */
export interface ExistingRecord {
  id: number;
  outerSysCode: string;
  name: string | null;
}

/** Where a found record is shown and edited. */
export function recordHref(resource: CodeLookupResource, id: number, edit = false): string {
  return `/${resource}/${id}${edit ? '/edit' : ''}`;
}

/** The records a create with this code would update instead (exact, case-sensitive; SKUs within their product). */
export async function findByCode(lookup: CodeLookup, signal?: AbortSignal): Promise<ExistingRecord[]> {
  const rows = (await fetchAllPages(
    CODE_LOOKUP_LISTS[lookup.resource].list,
    codeLookupFilters(lookup) as ListFilters<ListName>,
    { signal },
  )) as {
    id: number;
    outerSysCode: string | null;
    name: string | null;
    productId?: number;
  }[];
  return exactCodeMatches(rows, lookup).map((r) => ({ id: r.id, outerSysCode: r.outerSysCode ?? '', name: r.name }));
}

export function codeLookupQueryOptions(lookup: CodeLookup) {
  return queryOptions({
    queryKey: ['code-lookup', lookup.resource, lookup.code, lookup.productId ?? null] as const,
    queryFn: ({ signal }) => findByCode(lookup, signal),
    // Asked again at every save: a record may have been created with this code in the meantime.
    staleTime: 0,
  });
}

/** Looks the code up afresh (the cache then holds the answer, so the form's notice shows it). */
export function checkCode(client: QueryClient, lookup: CodeLookup): Promise<ExistingRecord[]> {
  return client.fetchQuery(codeLookupQueryOptions(lookup));
}

export interface CreateResult {
  id: number;
  /** The create updated a record that already had its ERP code (a record made since the form's check). */
  existing: boolean;
}

/**
 * POST a single create. The proxy looks the code up just before sending and says in a header whether the
 * returned id is a record that already had it; 200 versus 201 is never read (the reference leaves it open).
 */
export async function createRecord(path: string, body: unknown): Promise<CreateResult> {
  const { data, headers } = await apiFetchWithHeaders({ method: 'POST', path, body, schema: idResponse });
  return { id: data.id, existing: headers.get(CREATE_RESULT_HEADER) === 'existing' };
}
