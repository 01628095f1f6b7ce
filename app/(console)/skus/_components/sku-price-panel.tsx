'use client';

import { useQueryClient } from '@tanstack/react-query';
import { PricePanel } from '@/components/record/price-panel';
import { useSetSkuPrice } from '@/lib/client/skus/save-sku';
import { priceWrite } from '@/lib/contract/resources';
import { recordQueryOptions, useRecord } from '@/lib/client/queries';

export function SkuPricePanel({ skuId, editable }: { skuId: number; editable: boolean }) {
  const setPrice = useSetSkuPrice(skuId);
  const client = useQueryClient();
  return (
    <PricePanel
      namespace="skus"
      price={useRecord('skuPrice', skuId)}
      schema={priceWrite}
      onSave={setPrice.mutateAsync}
      reread={() => client.fetchQuery({ ...recordQueryOptions('skuPrice', skuId), staleTime: 0 })}
      editable={editable}
    />
  );
}
