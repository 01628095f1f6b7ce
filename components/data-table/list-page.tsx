import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { ListSkeleton } from './list-skeleton';
import type { RecordListNamespace } from './record-list';

/** The header of a list page: its one h1 and intro, from the family's catalogue. */
async function ListHeader({ namespace }: { namespace: RecordListNamespace }) {
  const t = await getTranslations(namespace);
  return (
    <header>
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('intro')}</p>
    </header>
  );
}

/**
 * The frame every list page shares: its header, and the list hydrated with the first view the server read. The
 * list reads its state from the URL (useSearchParams), which needs the Suspense boundary.
 */
export function ListPage({
  namespace,
  prefetched,
  children,
}: {
  namespace: RecordListNamespace;
  prefetched: DehydratedState | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-4">
      <ListHeader namespace={namespace} />
      <HydrationBoundary state={prefetched}>
        <Suspense fallback={<ListSkeleton />}>{children}</Suspense>
      </HydrationBoundary>
    </div>
  );
}

/** A list page's loading.tsx: the page's h1 at once, the list's shape while its code and data load. */
export async function ListLoading({ namespace }: { namespace: RecordListNamespace }) {
  const t = await getTranslations(namespace);
  return (
    <div className="space-y-4" aria-busy="true">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <ListSkeleton />
    </div>
  );
}

/** Search params as Next hands them to a page. */
export type PageSearchParams = Promise<Record<string, string | string[] | undefined>>;
