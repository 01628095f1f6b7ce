import { notFound } from 'next/navigation';
import { parseRecordId } from '@/components/record/parse-id';
import { SkuEditPage } from '../../_components/sku-pages';

export default async function EditSkuPage({ params }: { params: Promise<{ id: string }> }) {
  const id = parseRecordId((await params).id);
  if (id === null) notFound();
  return <SkuEditPage id={id} />;
}
