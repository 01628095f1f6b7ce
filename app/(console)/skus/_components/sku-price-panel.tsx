'use client';

import { PricePanel } from '@/components/record/price-panel';
import { useSetSkuPrice } from '@/lib/client/skus/save-sku';

export function SkuPricePanel({ skuId, editable }: { skuId: number; editable: boolean }) {
  const setPrice = useSetSkuPrice(skuId);
  return <PricePanel namespace="skus" id={skuId} onSave={setPrice.mutateAsync} editable={editable} folded />;
}
