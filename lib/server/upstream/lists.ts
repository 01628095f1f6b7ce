import 'server-only';
import type { z } from 'zod';
import {
  isIsoWithZone,
  listEnvelope,
  LISTS,
  listQueryPairs,
  type ListFilters,
  type ListItem,
  type ListName,
  type ListPage,
} from '@/lib/contract';
import { buildQuery } from '@/lib/signing';
import type { Core } from './core';
import { ApiError } from './errors';

/** The contract's filters, except that updatedSince may also be a Date. */
export type ClientListFilters<L extends ListName> = {
  [K in keyof ListFilters<L>]?: K extends 'updatedSince' ? Date | string : ListFilters<L>[K];
};

export interface ClientListParams<L extends ListName> {
  filters?: ClientListFilters<L>;
  page?: number;
  pageSize?: number;
}

/**
 * updatedSince must name its zone, or the upstream answers 400 (and a zone-less time would be read in some
 * server's local zone anyway). A Date becomes UTC ISO; a string without a zone is refused here, before sending.
 */
export function normaliseUpdatedSince(value: Date | string): string {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) throw invalidUpdatedSince(String(value));
    return value.toISOString();
  }
  if (!isIsoWithZone(value)) throw invalidUpdatedSince(value);
  return value;
}

function invalidUpdatedSince(value: string) {
  return new ApiError({
    kind: 'invalid_request',
    status: null,
    code: 'invalid_updated_since',
    upstreamMessage: `${JSON.stringify(value)} has no time zone (add Z or an offset such as +08:00)`,
  });
}

/** `/v1/<list>?filters...&page=&pageSize=`, filters in the contract's order so equal params give equal URLs. */
export function listPathAndQuery<L extends ListName>(name: L, params: ClientListParams<L> = {}): string {
  const pairs: [string, string | number | undefined][] = [];
  for (const [key, value] of listQueryPairs(name, params)) {
    if (value === undefined || value === null || value === '') continue;
    if (key === 'updatedSince') pairs.push([key, normaliseUpdatedSince(value as Date | string)]);
    else pairs.push([key, value instanceof Date ? value.toISOString() : (value as string | number)]);
  }
  return `${LISTS[name].path}${buildQuery(pairs)}`;
}

/** One page of a list (the client's `list`). */
export async function readListPage<L extends ListName>(
  core: Core,
  name: L,
  params: ClientListParams<L> = {},
  signal?: AbortSignal,
): Promise<ListPage<ListItem<L>>> {
  return (await readDatedListPage(core, name, params, signal)).page;
}

/**
 * One page of a list and the upstream's clock when it answered (its Date header, in ms; null without one):
 * the mirror sets its next `updatedSince` from the service's clock, never from ours.
 */
export async function readDatedListPage<L extends ListName>(
  core: Core,
  name: L,
  params: ClientListParams<L> = {},
  signal?: AbortSignal,
): Promise<{ page: ListPage<ListItem<L>>; serverMs: number | null }> {
  const schema = listEnvelope(LISTS[name].item as z.ZodType);
  const { data, date } = await core.request({
    method: 'GET',
    pathAndQuery: listPathAndQuery(name, params),
    schema,
    signal,
  });
  const envelope = data as z.infer<typeof schema>;
  const serverMs = date ? Date.parse(date) : NaN;
  return {
    page: { ...envelope, data: (envelope.data ?? []) as ListItem<L>[] },
    serverMs: Number.isNaN(serverMs) ? null : serverMs,
  };
}

/**
 * Every page from params.page (default 1) to totalPages. It stops at totalPages as the upstream reported it,
 * not at the first empty page, so a list that is exactly a multiple of pageSize costs no extra request.
 */
export async function* listPages<L extends ListName>(
  core: Core,
  name: L,
  params: ClientListParams<L> = {},
  signal?: AbortSignal,
): AsyncGenerator<ListPage<ListItem<L>>> {
  for (let page = params.page ?? 1; ; page++) {
    const result = await readListPage(core, name, { ...params, page }, signal);
    yield result;
    if (page >= result.totalPages) return;
  }
}
