import { getTranslations } from 'next-intl/server';
import { Skeleton } from '@/components/ui/skeleton';

export default async function Loading() {
  const t = await getTranslations('status');
  return (
    <div className="max-w-4xl space-y-6" aria-busy="true">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <Skeleton className="h-32 w-full" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}
