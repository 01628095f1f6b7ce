import { HydrationBoundary } from '@tanstack/react-query';
import { prefetchSku } from '../../_lib/prefetch-sku';
import { SkuDetail } from '../_components/sku-detail';
import { recordIdOf, type RecordParams } from '../../_lib/record-route';

export default async function SkuPage({ params }: RecordParams) {
  const id = await recordIdOf(params);
  return (
    <HydrationBoundary state={await prefetchSku(id)}>
      <SkuDetail id={id} />
    </HydrationBoundary>
  );
}
