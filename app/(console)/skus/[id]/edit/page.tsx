import { notFound } from 'next/navigation';
import { parseRecordId } from '@/components/record/parse-id';
import { requireEditor } from '../../../_lib/refuse-edit-pages';
import { SkuEditPage } from '../../_components/sku-pages';

export default async function EditSkuPage({ params }: { params: Promise<{ id: string }> }) {
  const segment = (await params).id;
  await requireEditor(`/skus/${segment}/edit`);
  const id = parseRecordId(segment);
  if (id === null) notFound();
  return <SkuEditPage id={id} />;
}
