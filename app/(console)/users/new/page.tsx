import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getUserRoles } from '@/lib/server/user-roles';
import { requireUserAdmin } from '../_lib/require-user-admin';
import { NewUserPage } from '../_components/user-pages';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('users');
  return { title: t('newTitle') };
}

export default async function Page() {
  await requireUserAdmin('/users/new');
  return <NewUserPage roles={await getUserRoles()} />;
}
