'use client';

import { useTranslations } from 'next-intl';
import { PageError } from '@/components/record/page-error';

export default function UsersError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('users');
  return <PageError title={t('title')} error={error} reset={reset} />;
}
