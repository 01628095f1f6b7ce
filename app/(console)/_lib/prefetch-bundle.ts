import 'server-only';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { headers } from 'next/headers';
import { recordKey } from '@/lib/client/query-keys';
import { getCurrentUser } from '@/lib/server/auth/request';
import { getUpstream } from '@/lib/server/process';
import { BUNDLE_OPERATIONS } from '@/lib/contract/operations';
import { correctMirrorLater } from '@/lib/server/mirror';

/**
 * Reads a bundle, its prices and every component's stock while the document renders on the server, so the
 * explainer arrives with the HTML instead of after hydration plus 2 + n round trips through the proxy. The
 * stock reads follow the bundle read at once, so the figures compared on the page are read together. Any
 * failure is left to the client, which loads, retries and reports as usual (as prefetchList does).
 */
export async function prefetchBundle(id: number): Promise<DehydratedState | undefined> {
  const requestHeaders = await headers();
  // A client-side navigation (RSC request) is already fetching in the browser.
  if (requestHeaders.get('rsc') === '1') return undefined;
  // The layout's read of this request (React's cache): one session lookup per document, not two.
  const user = await getCurrentUser();
  if (!user) return undefined;
  const upstream = getUpstream();
  const client = new QueryClient();
  const signal = AbortSignal.timeout(3000);
  const sentAt = Date.now();
  try {
    const [bundle] = await Promise.all([
      upstream.read('bundle', id, signal),
      upstream
        .read('bundlePrices', id, signal)
        .then((p) => client.setQueryData(recordKey('bundlePrices', id), p))
        .catch(() => undefined),
    ]);
    client.setQueryData(recordKey('bundle', id), bundle);
    // The record read live corrects the mirror's copy, after the page has gone out (lib/server/mirror/live-read.ts).
    correctMirrorLater({ operation: BUNDLE_OPERATIONS.read, record: bundle, sentAt });
    await Promise.allSettled(
      bundle.components.map((c) =>
        upstream
          .read('skuStock', c.componentSkuId, signal)
          .then((s) => client.setQueryData(recordKey('skuStock', c.componentSkuId), s)),
      ),
    );
  } catch {
    // The client reads it again and shows what went wrong.
  }
  return dehydrate(client);
}
