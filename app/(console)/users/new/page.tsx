import { getUserRoles } from '@/lib/server/upstream';
import { requireUserAdmin } from '../_lib/require-user-admin';
import { NewUserPage } from '../_components/user-pages';
import { titleMetadata } from '@/lib/i18n/page-metadata';

export const dynamic = 'force-dynamic';

export const generateMetadata = titleMetadata('users', 'newTitle');

export default async function Page() {
  await requireUserAdmin('/users/new');
  return <NewUserPage roles={await getUserRoles()} />;
}
