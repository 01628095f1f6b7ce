import { getTranslations } from 'next-intl/server';
import { Skeleton } from '@/components/ui/skeleton';

export default async function Loading() {
  const t = await getTranslations('audit');
  return (
    <div className="space-y-4" aria-busy="true">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
