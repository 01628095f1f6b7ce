import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ListPage } from '@/components/data-table/list-page';
import { internalUserKeys } from '@/lib/client/query-keys';
import { getUserRoles } from '@/lib/server/user-roles';
import { prefetchList } from '../_lib/prefetch-list';
import { requireUserAdmin } from './_lib/require-user-admin';
import { UsersList } from './_components/users-list';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('users');
  return { title: t('title') };
}

export default async function UsersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireUserAdmin('/users');
  const t = await getTranslations('users');
  const [prefetched, roles] = await Promise.all([prefetchList('internalUsers', await searchParams, internalUserKeys.list), getUserRoles()]);
  return (
    <ListPage title={t('title')} intro={t('intro')} prefetched={prefetched}>
      <UsersList roles={roles} />
    </ListPage>
  );
}
