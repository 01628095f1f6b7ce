'use client';

import { PricePanel } from '@/components/record/price-panel';
import { useSetBundlePrices } from '@/lib/client/bundles/save-bundle';

/** List and sell price through the bundle price endpoints (GET /v1/bundles/{id}/prices, PUT /v1/bundle-prices/batch). */
export function BundlePricePanel({ bundleId, editable }: { bundleId: number; editable: boolean }) {
  const setPrices = useSetBundlePrices(bundleId);
  return <PricePanel namespace="bundles" id={bundleId} onSave={setPrices.mutateAsync} editable={editable} />;
}
