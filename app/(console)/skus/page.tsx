import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { HydrationBoundary } from '@tanstack/react-query';
import { Suspense } from 'react';
import { ListSkeleton } from '@/components/data-table/list-skeleton';
import { skuKeys } from '@/lib/client/query-keys';
import { prefetchList } from '../_lib/prefetch-list';
import { SkusList } from './_components/skus-list';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('skus');
  return { title: t('title') };
}

export default async function SkusPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const t = await getTranslations('skus');
  const prefetched = await prefetchList('skus', await searchParams, skuKeys.list);
  return (
    <div className="space-y-4">
      <header>
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('intro')}</p>
      </header>
      {/* The list reads its state from the URL (useSearchParams), which needs a Suspense boundary. */}
      <HydrationBoundary state={prefetched}>
        <Suspense fallback={<ListSkeleton />}>
          <SkusList />
        </Suspense>
      </HydrationBoundary>
    </div>
  );
}
