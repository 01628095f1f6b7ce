import { ListPage, type PageSearchParams } from '@/components/data-table/list-page';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { companyKeys } from '@/lib/client/query-keys';
import { prefetchList } from '../_lib/prefetch-list';
import { CompaniesList } from './_components/companies-list';

export const generateMetadata = titleMetadata('companies');

export default async function CompaniesPage({ searchParams }: { searchParams: PageSearchParams }) {
  const prefetched = await prefetchList('companies', await searchParams, companyKeys.list, { users: true });
  return (
    <ListPage namespace="companies" prefetched={prefetched}>
      <CompaniesList />
    </ListPage>
  );
}
