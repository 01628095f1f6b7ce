import { useTranslations } from 'next-intl';
import { Skeleton } from '@/components/ui/skeleton';

/** The home's cards while they load: their shape, and the word for a screen reader. */
export function HomeSkeleton() {
  const t = useTranslations('home');
  return (
    <div aria-busy="true" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
      <span role="status" className="sr-only">
        {t('loading')}
      </span>
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-44 w-full" />
      ))}
    </div>
  );
}
