import { HydrationBoundary } from '@tanstack/react-query';
import { prefetchBundle } from '../../_lib/prefetch-bundle';
import { BundleDetail } from '../_components/bundle-detail';
import { recordIdOf, type RecordParams } from '../../_lib/record-route';

export default async function BundlePage({ params }: RecordParams) {
  const id = await recordIdOf(params);
  return (
    <HydrationBoundary state={await prefetchBundle(id)}>
      <BundleDetail id={id} />
    </HydrationBoundary>
  );
}
