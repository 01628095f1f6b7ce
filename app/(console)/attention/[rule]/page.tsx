import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import type { Metadata } from 'next';
import Link from 'next/link';
import { headers } from 'next/headers';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { FindingsList } from '../_components/findings-list';
import { parseFindingsQuery } from '@/components/attention/findings-query';
import { ListSkeleton } from '@/components/data-table/list-skeleton';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { attentionKeys } from '@/lib/client/console-keys';
import { isRuleId, listHref, ruleSeenBy } from '@/lib/contract/attention';
import { requireUser } from '@/lib/server/auth/page';
import { readFindings } from '@/lib/server/attention';
import { serverContext } from '@/lib/server/console-api';

export const dynamic = 'force-dynamic';

type Params = Promise<{ rule: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { rule } = await params;
  const t = await getTranslations('attention');
  return { title: isRuleId(rule) ? t(`rules.${rule}.title`) : t('title') };
}

/**
 * A rule's findings: the list page's look, filtered to the rule. The first page is read while the document renders
 * (as the master-data lists do), so the rows come with the HTML; the list then follows its URL in the browser.
 */
export default async function RulePage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { rule } = await params;
  if (!isRuleId(rule)) notFound();
  const user = await requireUser(`/attention/${rule}`);
  // A rule the role does not see does not exist for that person (its findings are never counted for them).
  if (!ruleSeenBy(rule, user.role)) notFound();
  const t = await getTranslations('attention');
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) search.set(key, first);
  }
  const query = parseFindingsQuery(search);
  const client = new QueryClient();
  // Only for a document load: on a client-side navigation the browser reads the page itself.
  if ((await headers()).get('rsc') !== '1') {
    await serverContext()
      .consoleDb()
      .then((db) => readFindings(db, user.role, rule, query))
      .then((page) => page && client.setQueryData(attentionKeys.findings(rule, query), page))
      .catch(() => undefined); // the list reads again in the browser, and says so if that fails too
  }
  const list = listHref(rule);
  return (
    <div className="space-y-4">
      <PageHeader
        actions={
          list ? (
            <Link href={list} className={buttonClasses('secondary', 'md')}>
              {t('openList')}
            </Link>
          ) : undefined
        }
        back={
          <Link href="/" className="text-blue-700 underline underline-offset-2 dark:text-blue-400">
            {t('title')}
          </Link>
        }
        title={t(`rules.${rule}.title`)}
        intro={t(`rules.${rule}.description`)}
      />
      <HydrationBoundary state={dehydrate(client)}>
        <Suspense fallback={<ListSkeleton />}>
          <FindingsList rule={rule} />
        </Suspense>
      </HydrationBoundary>
    </div>
  );
}
