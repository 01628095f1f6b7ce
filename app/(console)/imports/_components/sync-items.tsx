'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useErrorMessage } from '@/lib/i18n/use-error-message';
import { Alert, Button } from '@/components/ui';
import { ApiError } from '@/lib/client/api-error';
import { importRows } from '@/lib/client/imports/from-rows';
import type { FamilyName } from '@/lib/imports/family-columns';
import type { SyncRead } from '@/lib/imports/failed-sync';
import { FixGrid } from './fix-grid';
import { useLiveCheck, type GridRow } from './grid-rows';
import { ResendReview, type ResendRow, type ReviewedRow } from './resend-review';

/**
 * The items of an opened failed sync: the grid with their errors and the live check of each edit (the
 * contract's schemas, zod), then review and resend as an import. "Open a failed sync" loads this after its
 * first paint (./failed-sync.tsx); it is mounted afresh for each opened body, with no edits or choices.
 */
export function SyncItems({
  read,
  answered,
  resendName,
}: {
  read: SyncRead & { family: FamilyName };
  answered: boolean;
  /** What the resend is called in Imports and History: where its rows came from. A pasted body's by default. */
  resendName?: string;
}) {
  const t = useTranslations('workbench');
  const errorText = useErrorMessage();
  const router = useRouter();
  const [edits, setEdits] = useState<Record<number, string[]>>({});
  const [excluded, setExcluded] = useState<Set<number>>(new Set());
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** The items under review (reviewed as an import is, before anything is sent); an edit closes it. */
  const [review, setReview] = useState<ResendRow[] | null>(null);

  // Opened items sit below the pasted body, under the fold on a laptop: the page moves to them, and so does focus.
  const itemsHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    itemsHeading.current?.scrollIntoView({ block: 'start' });
    itemsHeading.current?.focus({ preventScroll: true });
  }, [read]);

  const rows = useMemo<GridRow[]>(
    () => read.rows.map((r) => ({ rowNo: r.index, label: String(r.index), cells: r.cells, issues: r.errors })),
    [read],
  );
  const headers = read.headers;
  const live = useLiveCheck(read.family, headers, headers, rows, edits);
  const chosen = rows.filter((r) => !excluded.has(r.rowNo));
  const blocked = chosen.filter((r) => (live.get(r.rowNo)?.errors.length ?? 0) > 0);

  async function send(reviewed: ReviewedRow[]) {
    setFailure(null);
    setSending(true);
    try {
      const id = await importRows({
        family: read.family,
        fileName: resendName ?? t('syncFileName'),
        headers,
        mapping: headers,
        rows: reviewed.map((r) => ({ line: r.rowNo + 1, cells: r.cells, before: r.before, predicted: r.predicted })),
        origin: 'sync',
      });
      router.push(`/imports/${id}`);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.code : 'network_error');
      setSending(false);
    }
  }

  return (
    <section className="space-y-3" aria-labelledby="sync-items-heading">
      <h2
        id="sync-items-heading"
        ref={itemsHeading}
        tabIndex={-1}
        className="scroll-mt-4 text-lg font-semibold outline-none"
      >
        {t('syncItems')}
      </h2>
      <p role="status" className="text-sm">
        {answered
          ? t('syncShown', { shown: read.rows.length, total: read.total })
          : t('syncAll', { total: read.total })}
      </p>
      {read.ignoredFields.length ? (
        <Alert tone="warning">{t('syncIgnored', { fields: read.ignoredFields.join(', ') })}</Alert>
      ) : null}
      {read.strayAnswers ? <Alert tone="warning">{t('syncStray', { count: read.strayAnswers })}</Alert> : null}
      {rows.length ? (
        <>
          {/* The grid's cells are edited in place: said before it, as the import page says it (issue 62 point 4). */}
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('syncFixHelp', { resend: t('resend') })}</p>
          <FixGrid
            family={read.family}
            caption={t('gridCaption')}
            labelHeader={t('itemIndex')}
            headers={headers}
            mapping={headers}
            rows={rows}
            edits={edits}
            onEdit={(rowNo, cells) => {
              setReview(null);
              setEdits((e) => ({ ...e, [rowNo]: cells }));
            }}
            selected={new Set(chosen.map((r) => r.rowNo))}
            onSelect={(rowNo, on) => {
              setReview(null);
              setExcluded((s) => {
                const next = new Set(s);
                if (on) next.delete(rowNo);
                else next.add(rowNo);
                return next;
              });
            }}
          />
          {blocked.length ? <Alert tone="warning">{t('blocked', { count: blocked.length })}</Alert> : null}
          {failure ? <Alert tone="error">{t('resendFailed', { reason: errorText(failure) })}</Alert> : null}
          {review ? (
            <ResendReview
              family={read.family}
              mapping={headers}
              rows={review}
              sending={sending}
              onSend={send}
              onBack={() => setReview(null)}
            />
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <Button
                onClick={() =>
                  setReview(
                    chosen.map((r) => ({ rowNo: r.rowNo, line: r.rowNo + 1, cells: edits[r.rowNo] ?? r.cells })),
                  )
                }
                disabled={chosen.length === 0 || blocked.length > 0}
              >
                {t('resend')}
              </Button>
              <span className="text-sm">{t('chosen', { count: chosen.length })}</span>
            </div>
          )}
        </>
      ) : (
        <Alert tone="success">{t('syncNothingFailed')}</Alert>
      )}
    </section>
  );
}
