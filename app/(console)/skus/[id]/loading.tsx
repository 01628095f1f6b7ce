import { getTranslations } from 'next-intl/server';
import { DetailSkeleton } from '@/components/record/detail-skeleton';

export default async function Loading() {
  const t = await getTranslations('skus');
  return <DetailSkeleton title={t('sku')} />;
}
