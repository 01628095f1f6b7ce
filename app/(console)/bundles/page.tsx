import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ListPage } from '@/components/data-table/list-page';
import { bundleKeys } from '@/lib/client/query-keys';
import { prefetchList } from '../_lib/prefetch-list';
import { BundlesList } from './_components/bundles-list';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('bundles');
  return { title: t('title') };
}

export default async function BundlesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const t = await getTranslations('bundles');
  const prefetched = await prefetchList('bundles', await searchParams, bundleKeys.list);
  return (
    <ListPage title={t('title')} intro={t('intro')} prefetched={prefetched}>
      <BundlesList />
    </ListPage>
  );
}
