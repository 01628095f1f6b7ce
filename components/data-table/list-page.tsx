import { HydrationBoundary, type DehydratedState } from '@tanstack/react-query';
import { Suspense } from 'react';
import { ListSkeleton } from './list-skeleton';

/**
 * The frame every list page shares: its one h1, an intro, and the list hydrated with the first view the server
 * read. The list reads its state from the URL (useSearchParams), which needs the Suspense boundary.
 */
export function ListPage({
  title,
  intro,
  prefetched,
  children,
}: {
  title: string;
  intro: string;
  prefetched: DehydratedState | undefined;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-2xl font-semibold">{title}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{intro}</p>
      </header>
      <HydrationBoundary state={prefetched}>
        <Suspense fallback={<ListSkeleton />}>{children}</Suspense>
      </HydrationBoundary>
    </div>
  );
}
