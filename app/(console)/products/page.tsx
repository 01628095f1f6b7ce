import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ListPage } from '@/components/data-table/list-page';
import { productKeys } from '@/lib/client/query-keys';
import { prefetchList } from '../_lib/prefetch-list';
import { ProductsList } from './_components/products-list';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('products');
  return { title: t('title') };
}

export default async function ProductsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const t = await getTranslations('products');
  const prefetched = await prefetchList('products', await searchParams, productKeys.list, { categories: true });
  return (
    <ListPage title={t('title')} intro={t('intro')} prefetched={prefetched}>
      <ProductsList />
    </ListPage>
  );
}
