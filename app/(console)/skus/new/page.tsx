import { parseRecordId } from '@/components/record/parse-id';
import { NewSkuPage } from '../_components/sku-pages';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { requireEditor } from '../../_lib/refuse-edit-pages';

export const generateMetadata = titleMetadata('skus', 'newTitle');

export default async function Page({ searchParams }: { searchParams: Promise<{ productId?: string }> }) {
  await requireEditor('/skus/new');
  const productId = parseRecordId((await searchParams).productId ?? '') ?? undefined;
  return <NewSkuPage initialProductId={productId} />;
}
