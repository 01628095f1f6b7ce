import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { can } from '@/lib/contract/roles';
import { getCurrentUser } from '@/lib/server/auth/session';
import { NewImport } from '../_components/new-import';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('imports');
  return { title: t('newTitle') };
}

export default async function NewImportPage() {
  const user = await getCurrentUser();
  if (!user) redirect('/sign-in?next=/imports/new');
  if (!can(user.role, 'runImports')) notFound();
  return <NewImport />;
}
