import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { parseRecordId } from '@/components/record/parse-id';
import { getUserRoles } from '@/lib/server/user-roles';
import { requireUserAdmin } from '../_lib/require-user-admin';
import { UserDetail } from '../_components/user-detail';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('users');
  return { title: t('user') };
}

export default async function UserPage({ params }: { params: Promise<{ id: string }> }) {
  const segment = (await params).id;
  await requireUserAdmin(`/users/${segment}`);
  const id = parseRecordId(segment);
  if (id === null) notFound();
  return <UserDetail id={id} roles={await getUserRoles()} />;
}
