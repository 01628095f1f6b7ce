import { getTranslations } from 'next-intl/server';
import { DetailSkeleton } from '@/components/record/detail-skeleton';

export default async function Loading() {
  const t = await getTranslations('bundles');
  return <DetailSkeleton title={t('bundle')} />;
}
