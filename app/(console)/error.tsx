'use client';

import { useTranslations } from 'next-intl';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';

// Fallback for a console page that failed to render; pages may add a closer error.tsx of their own. React itself
// reports the error to the browser's console (its default onCaughtError), so this page only tells the person.
export default function ConsoleError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('shell');
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
