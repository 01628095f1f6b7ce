import { notFound } from 'next/navigation';
import { parseRecordId } from '@/components/record/parse-id';
import { getUserRoles } from '@/lib/server/upstream';
import { requireUserAdmin } from '../_lib/require-user-admin';
import { UserDetail } from '../_components/user-detail';
import { titleMetadata } from '@/lib/i18n/page-metadata';

export const dynamic = 'force-dynamic';

export const generateMetadata = titleMetadata('users', 'user');

export default async function UserPage({ params }: { params: Promise<{ id: string }> }) {
  const segment = (await params).id;
  await requireUserAdmin(`/users/${segment}`);
  const id = parseRecordId(segment);
  if (id === null) notFound();
  return <UserDetail id={id} roles={await getUserRoles()} />;
}
