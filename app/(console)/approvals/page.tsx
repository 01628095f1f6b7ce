import { getTranslations } from 'next-intl/server';
import { requireUser } from '@/lib/server/auth/page';
import { policyFor, readQueue } from '@/lib/server/approvals';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { ApprovalQueue } from './_components/approval-queue';
import { serverContext } from '@/lib/server/console-api';

export const dynamic = 'force-dynamic';

export const generateMetadata = titleMetadata('approvals');

/** The approvers' queue: each open proposal with the company's exposure read live now, and recent decisions. */
export default async function ApprovalsPage() {
  const user = await requireUser('/approvals', 'approveQuota');
  const t = await getTranslations('approvals');
  const { consoleDb, tenant, jobsUpstream, env } = serverContext();
  const db = await consoleDb();
  const [queue, { policy }] = await Promise.all([
    readQueue(db, jobsUpstream, tenant, user.id),
    policyFor(db, tenant, env.demoMode),
  ]);
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="max-w-3xl text-sm">{t('intro')}</p>
      <ApprovalQueue open={queue.open} decided={queue.decided} policy={policy} />
    </div>
  );
}
