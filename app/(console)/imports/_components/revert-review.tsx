'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { Alert, Button } from '@/components/ui';
import { ApiError } from '@/lib/client/api-error';
import { consoleFetch } from '@/lib/client/console-fetch';
import { importKeys } from '@/lib/client/console-keys';
import { REVERT_KINDS, revertsApi, type RevertKind, type RevertRow } from '@/lib/contract/console/reverts';
import { useErrorMessage } from '@/lib/i18n/use-error-message';
import { KindSection } from './revert-kind-section';

/** The rows changed since first: they are the ones a person has to decide on. */
const SECTION_ORDER: readonly RevertKind[] = ['changedSince', 'restore', 'created', 'notApplied', 'noBefore'];

/** Words that name what is reverted: a bulk edit reads as one, never as an import. */
const isBulk = (origin: string | undefined) => origin === 'bulk';

const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : 'network_error');

/**
 * "Revert this import" (issue 56): what the revert would restore, read live when the page opens; what changed
 * since (not selected), what the import created (left as it is), what it never applied; for a quota import,
 * which rows the approval policy will hold as proposals. Nothing is sent until "Restore"; the revert then runs
 * as an import of its own, whose results page this hands over to. `origin`: a bulk edit's page says so.
 */
export function RevertReview({ id, origin }: { id: string; origin?: string }) {
  const t = useTranslations('imports.revert');
  const ti = useTranslations('imports');
  const errorText = useErrorMessage();
  const router = useRouter();
  const queryClient = useQueryClient();
  // Rows whose choice differs from the review's default: restore rows left out, changed rows chosen.
  const [flipped, setFlipped] = useState<ReadonlySet<string>>(new Set());
  const [starting, setStarting] = useState(false);
  const [startError, setStartError] = useState<string | null>(null);
  const review = useQuery({
    queryKey: [...importKeys.detail(id), 'revert'],
    queryFn: ({ signal }) => consoleFetch(revertsApi.review, { params: { id }, signal }),
    staleTime: Infinity,
    retry: false,
  });

  const bulk = isBulk(review.data?.origin ?? origin);
  const header = (
    <header className="space-y-1">
      <p>
        <Link href={`/imports/${id}`} className="text-sm underline">
          {bulk ? t('bulkTitle', { id }) : ti('importTitle', { id })}
        </Link>
      </p>
      <h1 className="text-2xl font-semibold">{t(bulk ? 'titleBulk' : 'title', { id })}</h1>
      <p className="max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{t(bulk ? 'introBulk' : 'intro')}</p>
    </header>
  );
  if (review.isError)
    return (
      <div className="space-y-4">
        {header}
        <Alert tone="error">{t('readFailed', { reason: errorText(codeOf(review.error)) })}</Alert>
      </div>
    );
  if (!review.data)
    return (
      <div className="space-y-4">
        {header}
        <p role="status">{t('reading')}</p>
      </div>
    );

  const data = review.data;
  const chosen = (row: RevertRow) => (flipped.has(row.recordId) ? !row.selected : row.selected);
  const selectedCount =
    data.counts.restore -
    data.rows.filter((r) => r.kind === 'restore' && flipped.has(r.recordId)).length +
    data.rows.filter((r) => r.kind === 'changedSince' && flipped.has(r.recordId)).length;
  // Rows the approval policy will hold, as chosen now: a held row left out no longer waits.
  const waiting = data.rows.reduce(
    (n, r) => (r.waitsForApproval && flipped.has(r.recordId) ? n + (r.selected ? -1 : 1) : n),
    data.waitsForApproval,
  );
  const toggle = (recordId: string) =>
    setFlipped((prev) => {
      const next = new Set(prev);
      if (next.has(recordId)) next.delete(recordId);
      else next.add(recordId);
      return next;
    });

  async function start() {
    setStarting(true);
    setStartError(null);
    const picked = data.rows.filter((r) => flipped.has(r.recordId));
    try {
      const started = await consoleFetch(revertsApi.start, {
        params: { id },
        body: {
          include: picked.filter((r) => r.kind === 'changedSince').map((r) => r.recordId),
          exclude: picked.filter((r) => r.kind === 'restore').map((r) => r.recordId),
        },
      });
      await queryClient.invalidateQueries({ queryKey: importKeys.lists() });
      router.push(`/imports/${started.id}`);
    } catch (error) {
      setStartError(errorText(codeOf(error)));
      setStarting(false);
    }
  }

  return (
    <div className="space-y-6">
      {header}
      <p className="text-sm">
        {t('of', { family: ti(`families.${data.family}`), file: data.fileName })}
        {data.revertsImportId ? (
          <>
            {' · '}
            <Link href={`/imports/${data.revertsImportId}`} className="underline">
              {t('revertsImport', { id: data.revertsImportId })}
            </Link>
          </>
        ) : null}
      </p>
      <ul className="flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label={t('countsLabel')}>
        {REVERT_KINDS.filter((kind) => kind === 'restore' || data.counts[kind] > 0).map((kind) => (
          <li key={kind}>{t(`counts.${kind}`, { count: data.counts[kind] })}</li>
        ))}
      </ul>
      {waiting > 0 ? <Alert tone="info">{t('waitsCount', { count: waiting })}</Alert> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={start} pending={starting} disabled={selectedCount === 0}>
          {t('confirm', { count: selectedCount })}
        </Button>
        <span className="text-xs">{t('confirmHelp')}</span>
      </div>
      {startError ? <Alert tone="error">{t('startFailed', { reason: startError })}</Alert> : null}
      {SECTION_ORDER.filter((kind) => data.counts[kind] > 0).map((kind) => (
        <KindSection
          key={kind}
          kind={kind}
          family={data.family}
          source={t(bulk ? 'sourceBulk' : 'sourceImport')}
          bulk={bulk}
          rows={data.rows.filter((r) => r.kind === kind)}
          count={data.counts[kind]}
          chosen={chosen}
          onToggle={toggle}
        />
      ))}
    </div>
  );
}
