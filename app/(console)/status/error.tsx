'use client';

import { useTranslations } from 'next-intl';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

// The page failed to render; it only reads, so nothing was changed.
export default function StatusError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('status');
  const shell = useTranslations('shell');
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <Alert tone="error" title={shell('errorTitle')}>
        <p>{shell('errorBody')}</p>
        {error.digest ? <p className="mt-1 text-xs">{shell('errorDigest', { digest: error.digest })}</p> : null}
      </Alert>
      <Button onClick={reset}>{shell('retry')}</Button>
    </div>
  );
}
