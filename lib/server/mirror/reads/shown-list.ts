import 'server-only';
import { PAGE_SIZE_MAX, type ListName, type ListPage } from '@/lib/contract/lists';
import type { ListReadAnswer, LiveReason } from '@/lib/contract/console/list-read';
import { getEnv } from '../../env';
import { currentTenant, getConsoleDb } from '../../process';
import type { ClientListFilters, UpstreamClient } from '../../upstream';
import type { MirrorListQuery } from './list-query';
import { readList } from './lists';

/** A page the mirror could not answer, read live from the service here, and why it was read live. */
export type LiveListPage = { source: 'live'; reason: LiveReason; page: ListPage<unknown> };

/**
 * The one read of a list page as a list shows it, for the server-rendered page and /api/lists alike: the mirror's
 * page where it answers (sorted, searched, counted, dated), else why it cannot. With `live`, a page the mirror cannot
 * answer is read from the service at once, in the service's order (the server-rendered page, which has no proxy
 * to go through); without it the answer says why, and the browser reads the page live through the signing proxy.
 */
export async function readShownList(query: MirrorListQuery): Promise<ListReadAnswer>;
export async function readShownList<L extends ListName>(
  query: MirrorListQuery & { list: L },
  live: { client: UpstreamClient; signal: AbortSignal },
): Promise<Exclude<ListReadAnswer, { source: 'live' }> | LiveListPage>;
export async function readShownList<L extends ListName>(
  query: MirrorListQuery & { list: L },
  live?: { client: UpstreamClient; signal: AbortSignal },
): Promise<ListReadAnswer | LiveListPage> {
  const { mirror } = getEnv();
  const answer = await readList(await getConsoleDb(), query, {
    enabled: mirror.enabled,
    tenant: currentTenant(),
    intervalMs: mirror.intervalMs,
  });
  if (answer.source === 'mirror' || !live) return answer;
  const filters = query.filters as ClientListFilters<L>;
  const page = await live.client.list(
    query.list,
    { filters, page: query.page, pageSize: Math.min(query.pageSize, PAGE_SIZE_MAX) },
    live.signal,
  );
  return { source: 'live', reason: answer.reason, page: { ...page, data: page.data ?? [] } };
}
