'use client';

import { PricePanel } from '@/components/record/price-panel';
import { useSkuPrice } from '@/lib/client/skus/get-sku';
import { useSetSkuPrice } from '@/lib/client/skus/save-sku';
import { priceWrite } from '@/lib/contract/resources';

export function SkuPricePanel({ skuId, editable }: { skuId: number; editable: boolean }) {
  const setPrice = useSetSkuPrice(skuId);
  return <PricePanel namespace="skus" price={useSkuPrice(skuId)} schema={priceWrite} onSave={setPrice.mutateAsync} editable={editable} />;
}
