import { notFound } from 'next/navigation';
import { parseRecordId } from '@/components/record/parse-id';
import { requireEditor } from '../../../_lib/refuse-edit-pages';
import { ProductEditPage } from '../../_components/product-pages';

export default async function EditProductPage({ params }: { params: Promise<{ id: string }> }) {
  const segment = (await params).id;
  await requireEditor(`/products/${segment}/edit`);
  const id = parseRecordId(segment);
  if (id === null) notFound();
  return <ProductEditPage id={id} />;
}
