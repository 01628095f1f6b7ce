import { HydrationBoundary } from '@tanstack/react-query';
import { notFound } from 'next/navigation';
import { parseRecordId } from '@/components/record/parse-id';
import { prefetchSku } from '../../_lib/prefetch-sku';
import { SkuDetail } from '../_components/sku-detail';

export default async function SkuPage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseRecordId((await params).id);
  if (id === null) notFound();
  return (
    <HydrationBoundary state={await prefetchSku(id)}>
      <SkuDetail id={id} />
    </HydrationBoundary>
  );
}
