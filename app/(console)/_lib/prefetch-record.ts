import 'server-only';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { headers } from 'next/headers';
import { attentionKeys } from '@/lib/client/console-keys';
import { listKeys } from '@/lib/client/query-keys';
import { readRecordFindings } from '@/lib/server/attention';
import { getCurrentUser } from '@/lib/server/auth/request';
import { serverContext, type ServerContext } from '@/lib/server/console-api';

export interface RecordPrefetch {
  user: NonNullable<Awaited<ReturnType<typeof getCurrentUser>>>;
  upstream: ServerContext['upstream'];
  client: QueryClient;
  /** Every read of one page gives up together: the client reads what did not arrive. */
  signal: AbortSignal;
  /** When the reads went out, for the mirror's corrections (correctMirrorLater). */
  sentAt: number;
  /** Stores what `read` answers under `key`; a failure leaves the key to the client. */
  keep: <T>(key: readonly unknown[], read: Promise<T>) => Promise<void>;
}

/** The record pages whose reads the server makes. */
type RecordList = 'skus' | 'bundles';

/**
 * A record page's reads while the document renders on the server (prefetchSku, prefetchBundle), dehydrated for the
 * browser's query cache. Only for a document request of a signed-in person: a client-side navigation (an RSC
 * request) is already fetching in the browser. Any failure is left to the client, which loads, retries and
 * reports as usual (as prefetchList does).
 */
export async function prefetchRecordPage(
  page: { list: RecordList; id: number },
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
  await Promise.all([
    read({ user, upstream: serverContext().upstream, client, signal, sentAt: Date.now(), keep }).catch(() => undefined),
    // What needs attention on the record, shown above its details: read in the browser, it arrived late and pushed
    // the page down, and its read loaded the contract's schemas inside a phone's first seconds. As the browser
    // would receive it (JSON).
    keep(
      attentionKeys.ofRecord(listKeys[page.list].detail(page.id)),
      serverContext()
        .consoleDb()
        .then((db) => readRecordFindings(db, user.role, page.list, String(page.id)))
        .then((findings) => JSON.parse(JSON.stringify(findings)) as unknown),
    ),
  ]);
  return dehydrate(client);
}
