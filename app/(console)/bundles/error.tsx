'use client';

import { useTranslations } from 'next-intl';
import { PageError } from '@/components/record/page-error';

export default function BundlesError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('bundles');
  return <PageError title={t('title')} error={error} reset={reset} />;
}
