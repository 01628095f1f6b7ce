'use client';

import { useTranslations } from 'next-intl';
import { Alert, Button } from '@/components/ui';

/** A resource page that failed to render: names the page, says nothing was changed, offers a retry. */
export function PageError({
  title,
  error,
  reset,
}: {
  title: string;
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const t = useTranslations('records');
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <Alert tone="error" title={t('pageFailed')}>
        <p>{t('pageFailedBody')}</p>
        {error.digest ? <p className="mt-1 text-xs">{t('errorDigest', { digest: error.digest })}</p> : null}
      </Alert>
      <Button onClick={reset}>{t('retry')}</Button>
    </div>
  );
}
