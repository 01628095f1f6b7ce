import 'server-only';
import type { DehydratedState } from '@tanstack/react-query';
import { recordKey } from '@/lib/client/query-keys';
import { BUNDLE_OPERATIONS } from '@/lib/contract/operations';
import { correctMirrorLater } from '@/lib/server/mirror';
import { prefetchRecordPage } from './prefetch-record';

/**
 * Reads a bundle, its prices, every component's stock and what needs attention on it while the document renders on the server, so the
 * explainer arrives with the HTML instead of after hydration plus 2 + n round trips through the proxy. The
 * stock reads follow the bundle read at once, so the figures compared on the page are read together.
 */
export function prefetchBundle(id: number): Promise<DehydratedState | undefined> {
  return prefetchRecordPage({ list: 'bundles', id }, async ({ upstream, client, signal, sentAt, keep }) => {
    const [bundle] = await Promise.all([
      upstream.read('bundle', id, signal),
      keep(recordKey('bundlePrices', id), upstream.read('bundlePrices', id, signal)),
    ]);
    client.setQueryData(recordKey('bundle', id), bundle);
    // The record read live corrects the mirror's copy, after the page has gone out
    // (lib/server/mirror/reads/live-read.ts).
    correctMirrorLater({ operation: BUNDLE_OPERATIONS.read, record: bundle, sentAt });
    await Promise.all(
      bundle.components.map((c) =>
        keep(recordKey('skuStock', c.componentSkuId), upstream.read('skuStock', c.componentSkuId, signal)),
      ),
    );
  });
}
