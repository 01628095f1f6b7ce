'use client';

import { useQueryClient } from '@tanstack/react-query';
import { PricePanel } from '@/components/record/price-panel';
import { bundlePricesQueryOptions, useBundlePrices } from '@/lib/client/bundles/get-bundle';
import { useSetBundlePrices } from '@/lib/client/bundles/save-bundle';
import { bundlePriceWrite } from '@/lib/contract/bundle-prices';

/** List and sell price through the bundle price endpoints (GET /v1/bundles/{id}/prices, PUT /v1/bundle-prices/batch). */
export function BundlePricePanel({ bundleId, editable }: { bundleId: number; editable: boolean }) {
  const setPrices = useSetBundlePrices(bundleId);
  const client = useQueryClient();
  return (
    <PricePanel
      namespace="bundles"
      price={useBundlePrices(bundleId)}
      schema={bundlePriceWrite}
      onSave={setPrices.mutateAsync}
      reread={() => client.fetchQuery({ ...bundlePricesQueryOptions(bundleId), staleTime: 0 })}
      editable={editable}
    />
  );
}
