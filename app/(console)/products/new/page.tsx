import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { parseRecordId } from '@/components/record/parse-id';
import { NewProductPage } from '../_components/product-pages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('products');
  return { title: t('newTitle') };
}

export default async function Page({ searchParams }: { searchParams: Promise<{ productCategoryId?: string }> }) {
  const categoryId = parseRecordId((await searchParams).productCategoryId ?? '') ?? undefined;
  return <NewProductPage initialCategoryId={categoryId} />;
}
