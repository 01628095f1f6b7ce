'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { rowWord } from '@/lib/client/imports/result-words';
import { useSearchParams } from 'next/navigation';
import { useMemo, useState } from 'react';
import { Alert, HeadedSection } from '@/components/ui';
import { consoleFetch } from '@/lib/client/console-fetch';
import { importKeys } from '@/lib/client/console-keys';
import { importsApi, type ImportOrigin, type RowStatus } from '@/lib/contract/console/imports';
import { leftByRevert } from '@/lib/contract/console/reverts';
import type { FamilyName } from '@/lib/imports/families';
import { FixGrid } from './fix-grid';
import { FOCUS_PARAM } from '@/lib/contract/attention/rules';
import { useLiveCheck, type GridRow } from './grid-rows';
import { ResendBar, useResend } from './resend-bar';
import type { ReviewedRow } from './resend-review';

/** Rows of one import the grid holds at once; more are fixed after the first ones went through. */
const GRID_ROWS = 1_000;

/**
 * "Fix in place" on an import's results page: its failed, unknown and not-sent rows in the grid; the rows
 * changed (or ticked) are reviewed (./resend-review) and go out again as the next attempt of the same import.
 */
export function FixRows(props: {
  importId: string;
  family: FamilyName;
  /** A revert's quota rows that keep the live amount are named so by the live check (./grid-rows). */
  origin?: ImportOrigin;
  headers: string[];
  mapping: (string | null)[];
}) {
  const t = useTranslations('workbench');
  const ti = useTranslations('imports');
  const tr = useTranslations('resultWords');
  const queryClient = useQueryClient();
  // The rows under review are as they were when "Resend failed rows" was pressed.
  const resend = useResend();
  const [selected, setSelected] = useState<Set<number>>(new Set());

  const rows = useQuery({
    queryKey: importKeys.toFix(props.importId),
    queryFn: ({ signal }) =>
      consoleFetch(importsApi.rows, {
        params: { id: props.importId },
        query: { status: ['failed', 'unknown', 'not_sent'], limit: GRID_ROWS },
        signal,
      }),
  });
  const gridRows = useMemo<GridRow[]>(
    () =>
      (rows.data?.rows ?? [])
        // A revert's rows it left alone did not fail: nothing to resend.
        .filter((r) => !leftByRevert(r.errors))
        .map((r) => ({
          rowNo: r.rowNo,
          label: String(r.line),
          cells: r.cells,
          issues: r.errors,
          status: r.status,
        })),
    [rows.data],
  );
  const live = useLiveCheck(props.family, props.headers, props.mapping, gridRows, resend.edits, props.origin);
  const chosen = gridRows.filter((r) => selected.has(r.rowNo));
  const blocked = chosen.filter((r) => (live.get(r.rowNo)?.errors.length ?? 0) > 0);

  const landing = useSearchParams().get(FOCUS_PARAM) === 'rows';
  if (gridRows.length === 0) return null;

  const send = (reviewed: ReviewedRow[]) =>
    resend.send(
      async () => {
        await consoleFetch(importsApi.resend, { params: { id: props.importId }, body: { rows: reviewed } });
        setSelected(new Set());
      },
      // The import's counts, attempts and rows, and the history's line for it.
      async () => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: importKeys.detail(props.importId) }),
          queryClient.invalidateQueries({ queryKey: importKeys.lists() }),
        ]);
      },
    );

  return (
    <HeadedSection id="fix-heading" title={t('fixTitle')} className="space-y-3">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('fixHelp')}</p>
      {(rows.data?.rows.length ?? 0) >= GRID_ROWS ? (
        <p className="text-sm">{t('fixFirst', { count: GRID_ROWS })}</p>
      ) : null}
      <FixGrid
        family={props.family}
        caption={t('gridCaption')}
        labelHeader={ti('line')}
        headers={props.headers}
        mapping={props.mapping}
        rows={gridRows}
        edits={resend.edits}
        onEdit={(rowNo, cells) => {
          resend.edit(rowNo, cells);
          setSelected((s) => new Set(s).add(rowNo));
        }}
        selected={selected}
        onSelect={(rowNo, on) => {
          resend.closeReview();
          setSelected((s) => {
            const next = new Set(s);
            if (on) next.add(rowNo);
            else next.delete(rowNo);
            return next;
          });
        }}
        statusText={(s) => tr(rowWord(s as RowStatus))}
        // A finding's fix ("Open the fix grid", `?focus=rows`) lands in the grid, on the first cell at fault.
        autoFocus={landing}
      />
      {chosen.some((r) => r.status === 'unknown') ? <Alert tone="warning">{t('unknownResend')}</Alert> : null}
      <ResendBar
        resend={resend}
        family={props.family}
        mapping={props.mapping}
        chosen={chosen}
        lineOf={(r) => Number(r.label)}
        blocked={blocked.length}
        onSend={send}
        countIsStatus
      />
    </HeadedSection>
  );
}
