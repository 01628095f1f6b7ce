import { notFound } from 'next/navigation';
import { parseRecordId } from '@/components/record/parse-id';
import { ProductEditPage } from '../../_components/product-pages';

export default async function EditProductPage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseRecordId((await params).id);
  if (id === null) notFound();
  return <ProductEditPage id={id} />;
}
