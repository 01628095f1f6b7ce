import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { parseRecordId } from '@/components/record/parse-id';
import { NewSkuPage } from '../_components/sku-pages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('skus');
  return { title: t('newTitle') };
}

export default async function Page({ searchParams }: { searchParams: Promise<{ productId?: string }> }) {
  const productId = parseRecordId((await searchParams).productId ?? '') ?? undefined;
  return <NewSkuPage initialProductId={productId} />;
}
