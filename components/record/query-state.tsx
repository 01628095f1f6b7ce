'use client';

import { useTranslations } from 'next-intl';
import { Alert, Button, Skeleton } from '@/components/ui';
import { isApiError } from '@/lib/client/api-error';
import { SERVICE_BUSY } from '@/lib/contract/rate-limit';

/** Loading and failure of a record read, shared by detail pages and their panels. */
export function QueryState({
  isPending,
  error,
  onRetry,
  notFound,
  lines = 4,
}: {
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
  /** What to say when the record does not exist (404). */
  notFound: string;
  lines?: number;
}) {
  const t = useTranslations('records');
  if (isPending) {
    return (
      <div aria-busy="true" className="space-y-2">
        <span className="sr-only" role="status">
          {t('loading')}
        </span>
        {Array.from({ length: lines }, (_, i) => (
          <Skeleton key={i} className="h-5 w-full max-w-md" />
        ))}
      </div>
    );
  }
  if (!error) return null;
  if (isApiError(error) && error.isNotFound) return <Alert tone="warning">{notFound}</Alert>;
  // Held back for the service's rate limit: nothing went wrong, the page says until when to wait.
  const busy = isApiError(error) && error.code === SERVICE_BUSY;
  return (
    <Alert tone={busy ? 'info' : 'error'} title={busy ? t('serviceBusy') : t('loadFailed')}>
      <p>{isApiError(error) ? error.sentence : String(error)}</p>
      <Button size="sm" variant="secondary" className="mt-2" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Alert>
  );
}
