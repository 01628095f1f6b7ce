import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { DecidedCard } from '@/components/approvals/decided-card';
import { WaitingCard } from '@/components/approvals/waiting-card';
import { YourProposals } from '@/components/approvals/your-proposals';
import { HomeSummary } from '@/components/attention/home-summary';
import { HomeSkeleton } from '@/components/attention/home-skeleton';
import { Alert } from '@/components/ui/alert';
import { LinkButton } from '@/components/ui/link-button';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { requireUser } from '@/lib/server/auth/page';
import { readSummary } from '@/lib/server/attention';
import { logger } from '@/lib/server/log';
import { readOwnProposals, readUnseenDecisions, waitingFor } from '@/lib/server/approvals';
import { markDecisionsSeenAction } from './approvals/actions';
import { openCount } from '@/lib/server/sync';
import { can, isRole } from '@/lib/contract/roles';
import { serverContext } from '@/lib/server/console-api';

export const dynamic = 'force-dynamic';

export const generateMetadata = titleMetadata('attention');

/**
 * The home: what needs attention for the signed-in person, server-rendered so the cards come with the first
 * HTML (no client code of its own). The heading paints at once; the cards stream in behind it.
 */
export default async function HomePage() {
  const t = await getTranslations('home');
  const a = await getTranslations('attention');
  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-2xl font-semibold">{a('title')}</h1>
        <p className="mt-1 max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{t('intro')}</p>
      </header>
      <Suspense fallback={<HomeSkeleton />}>
        <HomeCards />
      </Suspense>
    </div>
  );
}

async function HomeCards() {
  const user = await requireUser('/');
  const t = await getTranslations('home');
  const { consoleDb } = serverContext();
  const summary = await consoleDb()
    .then((db) => readSummary(db, user.role))
    .catch((error: unknown) => {
      logger().error(
        { source: 'attention', error: error instanceof Error ? error.message : error },
        'the home could not read what needs attention',
      );
      return null;
    });
  // The rows the ERP sync could not apply, for those who fix them; a failed read leaves the card out, not the home.
  const rejections =
    isRole(user.role) && can(user.role, 'runImports')
      ? await consoleDb()
          .then(openCount)
          .catch((error: unknown) => {
            logger().error(
              { source: 'rejections', error: error instanceof Error ? error.message : error },
              'the home could not read the rows the ERP sync could not apply',
            );
            return null;
          })
      : null;
  // Four eyes on money: what waits for this approver, and what became of this person's own proposals.
  const approvals = await approvalCards(user);
  const now = new Date();
  if (summary)
    return (
      <div className="space-y-4">
        <DecidedCard proposals={approvals.decided} markSeen={markDecisionsSeenAction} />
        <HomeSummary
          summary={summary}
          now={now}
          rejections={rejections}
          waiting={approvals.waiting ? <WaitingCard {...approvals.waiting} now={now} /> : null}
        />
        {approvals.own.length > 0 ? <YourProposals proposals={approvals.own} /> : null}
      </div>
    );
  return (
    <Alert tone="error" title={t('loadFailed')}>
      <p>{t('loadFailedBody')}</p>
      <LinkButton href="/" size="sm" className="mt-2">
        {t('retry')}
      </LinkButton>
    </Alert>
  );
}

/**
 * The approver's waiting count (only while any wait), the proposer's own proposals and those of them decided since
 * the proposer last looked; a failed read leaves them out.
 */
async function approvalCards(user: { id: string; role: string }) {
  const role = isRole(user.role) ? user.role : null;
  const read = async () => {
    const { consoleDb, tenant } = serverContext();
    const db = await consoleDb();
    const proposer = role !== null && can(role, 'editQuota');
    const [waiting, own, decided] = await Promise.all([
      role && can(role, 'approveQuota') ? waitingFor(db, tenant, user.id) : null,
      proposer ? readOwnProposals(db, tenant, user.id) : [],
      proposer ? readUnseenDecisions(db, tenant, user.id) : [],
    ]);
    // Decisions the author has not seen yet lead the home (and are not listed twice below) until marked seen.
    const rest = own.filter((p) => !decided.some((d) => d.id === p.id));
    return { waiting: waiting && waiting.count > 0 ? waiting : null, own: rest, decided };
  };
  return read().catch((error: unknown) => {
    logger().error(
      { source: 'approvals', error: error instanceof Error ? error.message : error },
      'the home could not read the proposals',
    );
    return { waiting: null, own: [], decided: [] };
  });
}
