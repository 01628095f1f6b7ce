'use client';

import { useTranslations } from 'next-intl';
import { PageError } from '@/components/record/page-error';

// The page only reads, so nothing was changed; PageError says so.
export default function StatusError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('status');
  return <PageError title={t('title')} error={error} reset={reset} />;
}
