import { getTranslations } from 'next-intl/server';
import { ListSkeleton } from '@/components/data-table/list-skeleton';

export default async function Loading() {
  const t = await getTranslations('bundles');
  return (
    <div className="space-y-4" aria-busy="true">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <ListSkeleton />
    </div>
  );
}
