import { parseRecordId } from '@/components/record/parse-id';
import { NewProductPage } from '../_components/product-pages';
import { titleMetadata } from '@/lib/i18n/page-metadata';

export const generateMetadata = titleMetadata('products', 'newTitle');

export default async function Page({ searchParams }: { searchParams: Promise<{ productCategoryId?: string }> }) {
  const categoryId = parseRecordId((await searchParams).productCategoryId ?? '') ?? undefined;
  return <NewProductPage initialCategoryId={categoryId} />;
}
