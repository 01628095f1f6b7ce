import 'server-only';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { headers } from 'next/headers';
import { listQueryOf, parseListState } from '@/components/data-table/url-state';
import { shownKey, type ListResult } from '@/lib/client/list-read';
import type { ListQuery } from '@/lib/client/lists';
import { productCategoryKeys } from '@/lib/client/query-keys';
import { salespeopleKey } from '@/lib/client/salespeople';
import type { ListName } from '@/lib/contract/lists';
import { getCurrentUser } from '@/lib/server/auth/request';
import { requestLocale } from '@/lib/server/preferences/request';
import { readSalespeople, readShownList } from '@/lib/server/mirror';
import { serverContext } from '@/lib/server/console-api';

type SearchParams = Record<string, string | string[] | undefined>;

function toUrlSearchParams(params: SearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) out.set(key, first);
  }
  return out;
}

/**
 * Reads the list page in the URL (and the lookups it shows by name) while the document renders on the server,
 * from the mirror where the list reads it (sorted, searched and counted as the URL says),
 * so the rows arrive with the HTML instead of after hydration plus a round trip through the proxy. The
 * client's React Query cache starts from this under the same keys; any failure here is left to the
 * client, which loads, retries and reports as usual. Reads are open to every role; the session is still
 * checked so nothing is read for a visitor the layout is about to send to sign-in.
 */
export async function prefetchList<L extends ListName>(
  list: L,
  searchParams: SearchParams,
  key: (query: ListQuery<L>) => readonly unknown[],
  lookups: { users?: boolean; categories?: boolean } = {},
): Promise<DehydratedState | undefined> {
  const requestHeaders = await headers();
  // Only for a document load: on a client-side navigation (an RSC request) the browser is already
  // fetching the same page with its new URL state, and a second read here would only double the work.
  if (requestHeaders.get('rsc') === '1') return undefined;
  // The layout's read of this request (React's cache): one session lookup per document, not two.
  const user = await getCurrentUser();
  if (!user) return undefined;
  const state = parseListState(list, toUrlSearchParams(searchParams));
  const query = listQueryOf(state);
  const { upstream } = serverContext();
  const client = new QueryClient();
  const signal = AbortSignal.timeout(3000);
  const all = async (name: 'productCategories') => {
    const rows: unknown[] = [];
    for await (const row of upstream.listAll(name, { pageSize: 100 }, signal)) rows.push(row);
    return rows;
  };
  await Promise.allSettled([
    readShown(list, query, signal).then((result) => client.setQueryData(shownKey(key(query)), result)),
    // Salespeople as every role sees them: no e-mails or accounts.
    lookups.users
      ? readSalespeople(await serverContext().consoleDb(), upstream, signal).then((rows) =>
          client.setQueryData(salespeopleKey, rows),
        )
      : undefined,
    lookups.categories
      ? all('productCategories').then((rows) => client.setQueryData(productCategoryKeys.everything(), rows))
      : undefined,
  ]);
  return dehydrate(client);
}

/** The page as ListView shows it (lib/server/mirror readShownList): from the mirror when it answers, else live. */
async function readShown<L extends ListName>(
  list: L,
  query: ListQuery<L>,
  signal: AbortSignal,
): Promise<ListResult<unknown>> {
  const read = { list, filters: query.filters as Record<string, string | number>, q: query.q, sort: query.sort };
  const answer = await readShownList(
    { ...read, dir: query.dir, page: query.page, pageSize: query.pageSize, locale: await requestLocale() },
    { client: serverContext().upstream, signal },
  );
  if (answer.source === 'live') return { ...answer.page, source: 'live', reason: answer.reason };
  const { counts, more, freshness, byCodePoint } = answer;
  return { ...answer.page, source: 'mirror', counts, more, freshness, byCodePoint };
}
