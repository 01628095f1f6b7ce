import { HydrationBoundary } from '@tanstack/react-query';
import { notFound } from 'next/navigation';
import { parseRecordId } from '@/components/record/parse-id';
import { prefetchBundle } from '../../_lib/prefetch-bundle';
import { BundleDetail } from '../_components/bundle-detail';

export default async function BundlePage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseRecordId((await params).id);
  if (id === null) notFound();
  return (
    <HydrationBoundary state={await prefetchBundle(id)}>
      <BundleDetail id={id} />
    </HydrationBoundary>
  );
}
