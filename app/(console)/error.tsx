'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

// Fallback for a console page that failed to render; pages may add a closer error.tsx of their own.
export default function ConsoleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('shell');
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <div className="max-w-2xl space-y-4">
      <h1 className="text-2xl font-semibold">{t('errorTitle')}</h1>
      <Alert tone="error">
        <p>{t('errorBody')}</p>
        {error.digest ? <p className="mt-1 text-xs">{t('errorDigest', { digest: error.digest })}</p> : null}
      </Alert>
      <Button onClick={reset}>{t('retry')}</Button>
    </div>
  );
}
