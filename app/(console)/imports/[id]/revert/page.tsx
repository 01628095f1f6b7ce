import type { Metadata } from 'next';
import { forbidden, notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { can } from '@/lib/contract/roles';
import { getCurrentUser } from '@/lib/server/auth/request';
import { importOrigin } from '@/lib/server/imports';
import { RevertReview } from '../../_components/revert-review';

export const dynamic = 'force-dynamic';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const t = await getTranslations('imports.revert');
  const { id } = await params;
  // A bulk edit's revert is titled as one.
  return { title: t((await importOrigin(id)) === 'bulk' ? 'titleBulk' : 'title', { id }) };
}

export default async function RevertImportPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await getCurrentUser();
  if (!user) redirect(`/sign-in?next=/imports/${encodeURIComponent(id)}/revert`);
  if (!can(user.role, 'runImports')) forbidden();
  if (!/^\d{1,18}$/.test(id)) notFound();
  return <RevertReview id={id} origin={(await importOrigin(id)) ?? undefined} />;
}
