'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert } from '@/components/ui';
import { importRows } from '@/lib/client/imports/from-rows';
import type { FamilyName } from '@/lib/imports/family-columns';
import type { SyncRead } from '@/lib/imports/failed-sync';
import { FixGrid } from './fix-grid';
import { useLiveCheck, type GridRow } from './grid-rows';
import { ResendBar, useResend } from './resend-bar';
import type { ReviewedRow } from './resend-review';

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
  const router = useRouter();
  // The items under review are reviewed as an import is, before anything is sent.
  const resend = useResend();
  const [excluded, setExcluded] = useState<Set<number>>(new Set());

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
  const live = useLiveCheck(read.family, headers, headers, rows, resend.edits);
  const chosen = rows.filter((r) => !excluded.has(r.rowNo));
  const blocked = chosen.filter((r) => (live.get(r.rowNo)?.errors.length ?? 0) > 0);

  const send = (reviewed: ReviewedRow[]) =>
    resend.send(async () => {
      const id = await importRows({
        family: read.family,
        fileName: resendName ?? t('syncFileName'),
        headers,
        mapping: headers,
        rows: reviewed.map((r) => ({ line: r.rowNo + 1, cells: r.cells, before: r.before, predicted: r.predicted })),
        origin: 'sync',
      });
      router.push(`/imports/${id}`);
    }, 'navigates');

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
            edits={resend.edits}
            onEdit={resend.edit}
            selected={new Set(chosen.map((r) => r.rowNo))}
            onSelect={(rowNo, on) => {
              resend.closeReview();
              setExcluded((s) => {
                const next = new Set(s);
                if (on) next.delete(rowNo);
                else next.add(rowNo);
                return next;
              });
            }}
          />
          <ResendBar
            resend={resend}
            family={read.family}
            mapping={headers}
            chosen={chosen}
            lineOf={(r) => r.rowNo + 1}
            blocked={blocked.length}
            onSend={send}
          />
        </>
      ) : (
        <Alert tone="success">{t('syncNothingFailed')}</Alert>
      )}
    </section>
  );
}
