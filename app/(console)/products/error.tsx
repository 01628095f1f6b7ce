'use client';

import { useTranslations } from 'next-intl';
import { PageError } from '@/components/record/page-error';

export default function ProductsError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('products');
  return <PageError title={t('title')} error={error} reset={reset} />;
}
