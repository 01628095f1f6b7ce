import { parseRecordId } from '@/components/record/parse-id';
import { NewProductPage } from '../_components/product-pages';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { requireEditor } from '../../_lib/refuse-edit-pages';

export const generateMetadata = titleMetadata('products', 'newTitle');

export default async function Page({ searchParams }: { searchParams: Promise<{ productCategoryId?: string }> }) {
  await requireEditor('/products/new');
  const categoryId = parseRecordId((await searchParams).productCategoryId ?? '') ?? undefined;
  return <NewProductPage initialCategoryId={categoryId} />;
}
