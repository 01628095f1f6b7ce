import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { parseRecordId } from '@/components/record/parse-id';
import { requireUserAdmin } from '../../_lib/require-user-admin';
import { UserEditPage } from '../../_components/user-pages';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('users');
  return { title: t('editTitle') };
}

export default async function EditUserPage({ params }: { params: Promise<{ id: string }> }) {
  const segment = (await params).id;
  await requireUserAdmin(`/users/${segment}/edit`);
  const id = parseRecordId(segment);
  if (id === null) notFound();
  return <UserEditPage id={id} />;
}
