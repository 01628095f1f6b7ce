import { getTranslations } from 'next-intl/server';
import { ListSkeleton } from '@/components/data-table/list-skeleton';

/** A rule's page while it loads: the way back at once, the list's shape while its rows are read. */
export default async function Loading() {
  const t = await getTranslations('home');
  return (
    <div className="space-y-4" aria-busy="true">
      <p role="status" className="sr-only">
        {t('loading')}
      </p>
      <ListSkeleton />
    </div>
  );
}
