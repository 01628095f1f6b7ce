import { notFound } from 'next/navigation';
import { parseRecordId } from '@/components/record/parse-id';
import { requireUserAdmin } from '../../_lib/require-user-admin';
import { UserEditPage } from '../../_components/user-pages';
import { titleMetadata } from '@/lib/i18n/page-metadata';

export const dynamic = 'force-dynamic';

export const generateMetadata = titleMetadata('users', 'editTitle');

export default async function EditUserPage({ params }: { params: Promise<{ id: string }> }) {
  const segment = (await params).id;
  await requireUserAdmin(`/users/${segment}/edit`);
  const id = parseRecordId(segment);
  if (id === null) notFound();
  return <UserEditPage id={id} />;
}
