import { ListPage, type PageSearchParams } from '@/components/data-table/list-page';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { skuKeys } from '@/lib/client/query-keys';
import { prefetchList } from '../_lib/prefetch-list';
import { SkusList } from './_components/skus-list';

export const generateMetadata = titleMetadata('skus');

export default async function SkusPage({ searchParams }: { searchParams: PageSearchParams }) {
  const prefetched = await prefetchList('skus', await searchParams, skuKeys.list);
  return (
    <ListPage namespace="skus" prefetched={prefetched}>
      <SkusList />
    </ListPage>
  );
}
