'use client';

import { useQueryClient } from '@tanstack/react-query';
import { PricePanel } from '@/components/record/price-panel';
import { useSetBundlePrices } from '@/lib/client/bundles/save-bundle';
import { recordQueryOptions, useRecord } from '@/lib/client/queries';

// The write schema (zod) loads when the person first focuses a box, not with the page (EntityForm).
const bundlePriceWrite = () => import('@/lib/contract/bundle-prices').then((m) => m.bundlePriceWrite);

/** List and sell price through the bundle price endpoints (GET /v1/bundles/{id}/prices, PUT /v1/bundle-prices/batch). */
export function BundlePricePanel({ bundleId, editable }: { bundleId: number; editable: boolean }) {
  const setPrices = useSetBundlePrices(bundleId);
  const client = useQueryClient();
  return (
    <PricePanel
      namespace="bundles"
      price={useRecord('bundlePrices', bundleId)}
      schema={bundlePriceWrite}
      onSave={setPrices.mutateAsync}
      reread={() => client.fetchQuery({ ...recordQueryOptions('bundlePrices', bundleId), staleTime: 0 })}
      editable={editable}
    />
  );
}
