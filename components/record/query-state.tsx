'use client';

import { useTranslations } from 'next-intl';
import { Alert, Button, Skeleton } from '@/components/ui';
import { isApiError } from '@/lib/client/api-error';

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
  return (
    <Alert tone="error" title={t('loadFailed')}>
      <p>{isApiError(error) ? error.sentence : String(error)}</p>
      <Button size="sm" variant="secondary" className="mt-2" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Alert>
  );
}
