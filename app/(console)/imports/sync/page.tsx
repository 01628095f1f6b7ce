import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { can } from '@/lib/contract/roles';
import { getCurrentUser } from '@/lib/server/auth/session';
import { FailedSync } from '../_components/failed-sync';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('workbench');
  return { title: t('syncTitle') };
}

export default async function FailedSyncPage() {
  const user = await getCurrentUser();
  if (!user) redirect('/sign-in?next=/imports/sync');
  if (!can(user.role, 'runImports')) notFound();
  return <FailedSync />;
}
