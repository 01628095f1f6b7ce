'use client';

import { useQueryClient } from '@tanstack/react-query';
import { PricePanel } from '@/components/record/price-panel';
import { useSetSkuPrice } from '@/lib/client/skus/save-sku';

import { recordQueryOptions, useRecord } from '@/lib/client/queries';

// The write schema (zod) loads when the person first focuses a box, not with the page (EntityForm).
const priceWrite = () => import('@/lib/contract/prices').then((m) => m.priceWrite);

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
