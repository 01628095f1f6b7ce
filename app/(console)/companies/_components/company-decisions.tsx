import { DecidedCard } from '@/components/approvals/decided-card';
import { can, isRole } from '@/lib/contract/roles';
import { readUnseenDecisions } from '@/lib/server/approvals';
import { requireUser } from '@/lib/server/auth/page';
import { logger } from '@/lib/server/log';
import { markDecisionsSeenAction } from '../../approvals/actions';
import { serverContext } from '@/lib/server/console-api';

/**
 * On a company's page, the person's proposals for it decided since they last looked, above the record, as on their
 * home; gone once marked seen (here or there). A failed read leaves the card out, never the page.
 */
export async function CompanyDecisions({ companyId }: { companyId: number }) {
  const user = await requireUser(`/companies/${companyId}`);
  if (!isRole(user.role) || !can(user.role, 'editQuota')) return null;
  const decided = await readUnseenDecisions(
    await serverContext().consoleDb(),
    serverContext().tenant,
    user.id,
    companyId,
  ).catch((error: unknown) => {
    logger().error(
      { source: 'approvals', error: error instanceof Error ? error.message : error },
      "the company page could not read the person's decided proposals",
    );
    return [];
  });
  return <DecidedCard proposals={decided} markSeen={markDecisionsSeenAction} />;
}
