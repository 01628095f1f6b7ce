import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ListPage } from '@/components/data-table/list-page';
import { companyKeys } from '@/lib/client/query-keys';
import { prefetchList } from '../_lib/prefetch-list';
import { CompaniesList } from './_components/companies-list';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('companies');
  return { title: t('title') };
}

export default async function CompaniesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const t = await getTranslations('companies');
  const prefetched = await prefetchList('companies', await searchParams, companyKeys.list, { users: true });
  return (
    <ListPage title={t('title')} intro={t('intro')} prefetched={prefetched}>
      <CompaniesList />
    </ListPage>
  );
}
