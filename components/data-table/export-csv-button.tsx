'use client';

import { useTimeZone, useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { useUnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { Alert, Button } from '@/components/ui';
import { saveFile } from '@/lib/client/download';
import type { AllPagesProgress } from '@/lib/client/lists';
import type { XlsxColumn } from '@/lib/files/xlsx-write';

export interface ExportCsvButtonProps<Row> {
  fileBase: string;
  /** The same columns for both formats; `kind` types the Excel cells. */
  columns: XlsxColumn<Row>[];
  /** Every row of the current filtered list (all pages). */
  fetchAll: (options: { signal: AbortSignal; onProgress: (p: AllPagesProgress) => void }) => Promise<Row[]>;
  /** Console-side narrowing applied to the fetched rows (the exact-code toggle). */
  narrow?: (rows: Row[]) => Row[];
}

type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; fetched: number; total: number | null }
  | { phase: 'done'; rows: number }
  | { phase: 'failed'; sentence: string };

/** Exports the current filtered list, all pages, to Excel (.xlsx) or CSV, with a progress bar and a cancel button. */
export function ExportCsvButton<Row>({ fileBase, columns, fetchAll, narrow }: ExportCsvButtonProps<Row>) {
  const t = useTranslations('dataTable');
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const progressId = useId();
  const labelId = useId();
  const tw = useTranslations('writes');
  // Times in the workbook read as on screen: in the person's time zone.
  const timeZone = useTimeZone();
  // Leaving the page (a link, closing or reloading the tab) would drop the export: ask first.
  useUnsavedChangesGuard(state.phase === 'running', tw('leaveExport'));

  async function run(format: 'xlsx' | 'csv') {
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: 'running', fetched: 0, total: null });
    try {
      const rows = await fetchAll({
        signal: abort.signal,
        onProgress: ({ fetched, total }) => setState({ phase: 'running', fetched, total }),
      });
      const kept = narrow ? narrow(rows) : rows;
      // The writers (papaparse, exceljs) load with the first export, not with every list page.
      const { csvFileName, toCsv } = await import('@/lib/files/csv-write');
      if (format === 'csv') saveFile(toCsv(kept, columns), csvFileName(fileBase));
      else {
        const { toXlsx, XLSX_TYPE } = await import('@/lib/files/xlsx-write');
        const bytes = await toXlsx(kept, columns, fileBase, {
          timeZone,
          zoneHeader: (header, zone) => t('headerWithZone', { header, zone }),
        });
        saveFile(
          new Blob([bytes as Uint8Array<ArrayBuffer>], { type: XLSX_TYPE }),
          csvFileName(fileBase, new Date(), 'xlsx'),
        );
      }
      setState({ phase: 'done', rows: kept.length });
    } catch (error) {
      if (abort.signal.aborted) setState({ phase: 'idle' });
      else setState({ phase: 'failed', sentence: error instanceof Error ? error.message : String(error) });
    } finally {
      controller.current = null;
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      {state.phase === 'running' ? (
        <>
          <label htmlFor={progressId} className="text-sm">
            {state.total === null
              ? t('exportStarting')
              : t('exportProgress', { fetched: state.fetched, total: state.total })}
          </label>
          <progress
            id={progressId}
            className="w-32"
            max={state.total ?? undefined}
            value={state.total === null ? undefined : state.fetched}
          />
          <Button variant="ghost" size="sm" onClick={() => controller.current?.abort()}>
            {t('exportCancel')}
          </Button>
        </>
      ) : (
        // One word for the pair keeps the toolbar on the filters' line at 1280 px (two more rows in view);
        // each button's name still says the whole action.
        <div role="group" aria-labelledby={labelId} className="flex items-center gap-1.5">
          <span id={labelId} className="text-sm text-zinc-700 dark:text-zinc-300">
            {t('exportLabel')}
          </span>
          <Button variant="secondary" size="sm" aria-label={t('exportXlsx')} onClick={() => run('xlsx')}>
            {t('exportXlsxShort')}
          </Button>
          <Button variant="secondary" size="sm" aria-label={t('exportCsv')} onClick={() => run('csv')}>
            {t('exportCsvShort')}
          </Button>
        </div>
      )}
      <span role="status" className="sr-only">
        {state.phase === 'done' ? t('exportDone', { rows: state.rows }) : ''}
      </span>
      {state.phase === 'failed' ? (
        <Alert tone="error" className="w-full">
          {t('exportFailed', { sentence: state.sentence })}
        </Alert>
      ) : null}
    </div>
  );
}
