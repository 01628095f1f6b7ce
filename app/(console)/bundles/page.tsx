import { ListPage, type PageSearchParams } from '@/components/data-table/list-page';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { bundleKeys } from '@/lib/client/query-keys';
import { prefetchList } from '../_lib/prefetch-list';
import { BundlesList } from './_components/bundles-list';

export const generateMetadata = titleMetadata('bundles');

export default async function BundlesPage({ searchParams }: { searchParams: PageSearchParams }) {
  const prefetched = await prefetchList('bundles', await searchParams, bundleKeys.list);
  return (
    <ListPage namespace="bundles" prefetched={prefetched}>
      <BundlesList />
    </ListPage>
  );
}
