import { notFound } from 'next/navigation';
import { parseRecordId } from '@/components/record/parse-id';
import { BundleDetail } from '../_components/bundle-detail';

export default async function BundlePage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseRecordId((await params).id);
  if (id === null) notFound();
  return <BundleDetail id={id} />;
}
