'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useRouter, useSearchParams } from 'next/navigation';
import { PricePanel } from '@/components/record/price-panel';
import { attentionKeys } from '@/lib/client/console-keys';
import { RETURN_PARAM, safeReturnPath } from '@/lib/client/return-to';
import { useSetSkuPrice } from '@/lib/client/skus/save-sku';
import { FOCUS_PARAM } from '@/lib/contract/attention/rules';

/**
 * The SKU's prices. A finding's fix (`?focus=sellPrice&back=…`) opens the editor on that price and, saved, goes back
 * to the findings still open, as the edit form does.
 */
export function SkuPricePanel({ skuId, editable }: { skuId: number; editable: boolean }) {
  const setPrice = useSetSkuPrice(skuId);
  const params = useSearchParams();
  const router = useRouter();
  const client = useQueryClient();
  const back = safeReturnPath(params.get(RETURN_PARAM));
  return (
    <PricePanel
      namespace="skus"
      id={skuId}
      onSave={setPrice.mutateAsync}
      editable={editable}
      folded
      focus={params.get(FOCUS_PARAM)}
      afterSave={
        back
          ? () => {
              void client.invalidateQueries({ queryKey: attentionKeys.all });
              router.push(back);
            }
          : undefined
      }
    />
  );
}
