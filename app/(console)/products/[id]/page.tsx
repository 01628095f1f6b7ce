import { notFound } from 'next/navigation';
import { parseRecordId } from '@/components/record/parse-id';
import { ProductDetail } from '../_components/product-detail';

export default async function ProductPage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseRecordId((await params).id);
  if (id === null) notFound();
  return <ProductDetail id={id} />;
}
