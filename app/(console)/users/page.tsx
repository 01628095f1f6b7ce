import { ListPage, type PageSearchParams } from '@/components/data-table/list-page';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { internalUserKeys } from '@/lib/client/query-keys';
import { getUserRoles } from '@/lib/server/upstream';
import { prefetchList } from '../_lib/prefetch-list';
import { requireUserAdmin } from './_lib/require-user-admin';
import { UsersList } from './_components/users-list';

export const dynamic = 'force-dynamic';

export const generateMetadata = titleMetadata('users');

export default async function UsersPage({ searchParams }: { searchParams: PageSearchParams }) {
  await requireUserAdmin('/users');
  const [prefetched, roles] = await Promise.all([
    prefetchList('internalUsers', await searchParams, internalUserKeys.list),
    getUserRoles(),
  ]);
  return (
    <ListPage namespace="users" prefetched={prefetched}>
      <UsersList roles={roles} />
    </ListPage>
  );
}
