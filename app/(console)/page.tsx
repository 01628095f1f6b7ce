import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { HomeSummary } from '@/components/attention/home-summary';
import { HomeSkeleton } from '@/components/attention/home-skeleton';
import { Alert } from '@/components/ui/alert';
import { LinkButton } from '@/components/ui/link-button';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { requireUser } from '@/lib/server/auth/page';
import { readSummary } from '@/lib/server/attention';
import { logger } from '@/lib/server/log';
import { getConsoleDb } from '@/lib/server/process';
import { openCount } from '@/lib/server/rejections';
import { can, isRole } from '@/lib/contract/roles';

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
  const summary = await getConsoleDb()
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
      ? await getConsoleDb()
          .then(openCount)
          .catch((error: unknown) => {
            logger().error(
              { source: 'rejections', error: error instanceof Error ? error.message : error },
              'the home could not read the rows the ERP sync could not apply',
            );
            return null;
          })
      : null;
  if (summary) return <HomeSummary summary={summary} now={new Date()} rejections={rejections} />;
  return (
    <Alert tone="error" title={t('loadFailed')}>
      <p>{t('loadFailedBody')}</p>
      <LinkButton href="/" size="sm" className="mt-2">
        {t('retry')}
      </LinkButton>
    </Alert>
  );
}
