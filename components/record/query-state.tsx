'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Alert, Button, Skeleton } from '@/components/ui';
import { isApiError } from '@/lib/client/api-error';

/** What QueryState reads of a React Query result. */
export interface QueryStatus {
  isPending: boolean;
  error: unknown;
  refetch: () => unknown;
}

/** Loading and failure of a record read, shared by detail pages and their panels. */
export function QueryState({
  query,
  notFound,
  lines = 4,
}: {
  query: QueryStatus;
  /** What to say when the record does not exist (404). */
  notFound: string;
  lines?: number;
}) {
  const t = useTranslations('records');
  if (query.isPending) {
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
  const { error } = query;
  if (!error) return null;
  if (isApiError(error) && error.isNotFound) return <Alert tone="warning">{notFound}</Alert>;
  return (
    <Alert tone="error" title={t('loadFailed')}>
      <p>{isApiError(error) ? error.sentence : String(error)}</p>
      <Button size="sm" variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
        {t('retry')}
      </Button>
    </Alert>
  );
}

/**
 * What a form needs before it can open (the categories or salespeople its pickers offer): their loading and
 * failure in place of the form, then the form.
 */
export function QueryGate({ query, children }: { query: QueryStatus; children: ReactNode }) {
  if (query.isPending || query.error) return <QueryState query={query} notFound="" />;
  return children;
}
