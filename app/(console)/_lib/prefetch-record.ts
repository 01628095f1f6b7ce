import 'server-only';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { headers } from 'next/headers';
import { getCurrentUser } from '@/lib/server/auth/request';
import { getUpstream } from '@/lib/server/process';

export interface RecordPrefetch {
  user: NonNullable<Awaited<ReturnType<typeof getCurrentUser>>>;
  upstream: ReturnType<typeof getUpstream>;
  client: QueryClient;
  /** Every read of one page gives up together: the client reads what did not arrive. */
  signal: AbortSignal;
  /** When the reads went out, for the mirror's corrections (correctMirrorLater). */
  sentAt: number;
  /** Stores what `read` answers under `key`; a failure leaves the key to the client. */
  keep: <T>(key: readonly unknown[], read: Promise<T>) => Promise<void>;
}

/**
 * A record page's reads while the document renders on the server (prefetchSku, prefetchBundle), dehydrated for the
 * browser's query cache. Only for a document request of a signed-in person: a client-side navigation (an RSC
 * request) is already fetching in the browser. Any failure is left to the client, which loads, retries and
 * reports as usual (as prefetchList does).
 */
export async function prefetchRecordPage(
  read: (prefetch: RecordPrefetch) => Promise<unknown>,
): Promise<DehydratedState | undefined> {
  if ((await headers()).get('rsc') === '1') return undefined;
  // The layout's read of this request (React's cache): one session lookup per document, not two.
  const user = await getCurrentUser();
  if (!user) return undefined;
  const client = new QueryClient();
  const keep = <T>(key: readonly unknown[], value: Promise<T>) =>
    value.then((v) => void client.setQueryData(key, v)).catch(() => undefined);
  const signal = AbortSignal.timeout(3000);
  await read({ user, upstream: getUpstream(), client, signal, sentAt: Date.now(), keep }).catch(() => undefined);
  return dehydrate(client);
}
