import type { Metadata } from 'next';
import { forbidden, notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { can } from '@/lib/contract/roles';
import { getCurrentUser } from '@/lib/server/auth/request';
import { RevertReview } from '../../_components/revert-review';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const t = await getTranslations('imports.revert');
  return { title: t('title', { id: (await params).id }) };
}

export default async function RevertImportPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await getCurrentUser();
  if (!user) redirect(`/sign-in?next=/imports/${encodeURIComponent(id)}/revert`);
  if (!can(user.role, 'runImports')) forbidden();
  if (!/^\d{1,18}$/.test(id)) notFound();
  return <RevertReview id={id} />;
}
