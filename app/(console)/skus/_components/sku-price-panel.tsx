'use client';

import { useSearchParams } from 'next/navigation';
import { PricePanel } from '@/components/record/price-panel';
import { useSetSkuPrice } from '@/lib/client/skus/save-sku';
import { FOCUS_PARAM } from '@/lib/contract/attention/rules';

/** The SKU's prices; a finding's fix (`?focus=sellPrice`) opens the editor on that price. */
export function SkuPricePanel({ skuId, editable }: { skuId: number; editable: boolean }) {
  const setPrice = useSetSkuPrice(skuId);
  const focus = useSearchParams().get(FOCUS_PARAM);
  return (
    <PricePanel namespace="skus" id={skuId} onSave={setPrice.mutateAsync} editable={editable} folded focus={focus} />
  );
}
