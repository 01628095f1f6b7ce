'use client';

import { useQueryClient } from '@tanstack/react-query';
import { PricePanel } from '@/components/record/price-panel';
import { skuPriceQueryOptions, useSkuPrice } from '@/lib/client/skus/get-sku';
import { useSetSkuPrice } from '@/lib/client/skus/save-sku';
import { priceWrite } from '@/lib/contract/resources';

export function SkuPricePanel({ skuId, editable }: { skuId: number; editable: boolean }) {
  const setPrice = useSetSkuPrice(skuId);
  const client = useQueryClient();
  return (
    <PricePanel
      namespace="skus"
      price={useSkuPrice(skuId)}
      schema={priceWrite}
      onSave={setPrice.mutateAsync}
      reread={() => client.fetchQuery({ ...skuPriceQueryOptions(skuId), staleTime: 0 })}
      editable={editable}
    />
  );
}
