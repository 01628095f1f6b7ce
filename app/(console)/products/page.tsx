import { ListPage, type PageSearchParams } from '@/components/data-table/list-page';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { productKeys } from '@/lib/client/query-keys';
import { prefetchList } from '../_lib/prefetch-list';
import { ProductsList } from './_components/products-list';

export const generateMetadata = titleMetadata('products');

export default async function ProductsPage({ searchParams }: { searchParams: PageSearchParams }) {
  const prefetched = await prefetchList('products', await searchParams, productKeys.list, { categories: true });
  return (
    <ListPage namespace="products" prefetched={prefetched}>
      <ProductsList />
    </ListPage>
  );
}
