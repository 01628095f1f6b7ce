import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ListPage } from '@/components/data-table/list-page';
import { skuKeys } from '@/lib/client/query-keys';
import { prefetchList } from '../_lib/prefetch-list';
import { SkusList } from './_components/skus-list';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('skus');
  return { title: t('title') };
}

export default async function SkusPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const t = await getTranslations('skus');
  const prefetched = await prefetchList('skus', await searchParams, skuKeys.list);
  return (
    <ListPage title={t('title')} intro={t('intro')} prefetched={prefetched}>
      <SkusList />
    </ListPage>
  );
}
