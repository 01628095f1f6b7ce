'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Field, HeadedSection, Select, SelectOptions } from '@/components/ui';
import { consoleDownload, consoleFetch } from '@/lib/client/console-fetch';
import { importKeys } from '@/lib/client/console-keys';
import { EXPORT_FORMATS, type ExportFormat } from '@/lib/contract/console/export-kinds';
import { importsApi } from '@/lib/contract/console/imports';
import { offersRevert } from '@/lib/contract/console/reverts';
import { LinkButton } from '@/components/ui/link-button';
import { rowWord } from '@/lib/client/imports/result-words';
import { FAMILIES } from '@/lib/imports/families';
import { AttemptsList } from './attempts';
import { ImportCounts, MISPREDICTED, SHOWN_STATUSES, type Shown } from './import-counts';
import { FixRows } from './fix-rows';
import { ProgressBar } from './progress-bar';
import { ImportRowsTable } from './import-rows-table';

const PAGE = 200;
const ACTIVE = ['uploading', 'planning', 'running'];

export function ImportResults({ id }: { id: string }) {
  const t = useTranslations('imports');
  const tw = useTranslations('workbench');
  const tr = useTranslations('resultWords');
  const queryClient = useQueryClient();
  const [show, setShow] = useState<Shown | ''>('');
  const [limit, setLimit] = useState(PAGE);
  const [cancelling, setCancelling] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  // The downloads' format: Excel (.xlsx) first and chosen, CSV beside it (the words are the Exports page's).
  const tx = useTranslations('exports');
  const tv = useTranslations('imports.revert');
  const [format, setFormat] = useState<ExportFormat>('xlsx');

  const status = useQuery({
    queryKey: importKeys.detail(id),
    queryFn: ({ signal }) => consoleFetch(importsApi.detail, { params: { id }, signal }),
    refetchInterval: (q) => (q.state.data && !ACTIVE.includes(q.state.data.progress.state) ? false : 1000),
  });
  const running = status.data ? ACTIVE.includes(status.data.progress.state) : false;
  const rows = useQuery({
    queryKey: importKeys.rows(id, { status: show, limit }),
    queryFn: ({ signal }) =>
      consoleFetch(importsApi.rows, {
        params: { id },
        query: show === MISPREDICTED ? { mispredicted: '1', limit } : { status: show, limit },
        signal,
      }),
    refetchInterval: running ? 2000 : false,
    placeholderData: (previous) => previous,
  });
  // The rows last read while the job ran can be up to a poll older than its end (a row still "Waiting" beside
  // counts that are final): read them once more when it ends.
  const wasRunning = useRef(false);
  useEffect(() => {
    if (wasRunning.current && !running) void queryClient.invalidateQueries({ queryKey: importKeys.allRows(id) });
    wasRunning.current = running;
  }, [running, id, queryClient]);

  if (status.isError) {
    const notFound = (status.error as { status?: number }).status === 404;
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold">{t('importTitle', { id })}</h1>
        <Alert tone="error">{notFound ? t('notFound') : t('loadFailed')}</Alert>
      </div>
    );
  }
  if (!status.data) {
    return (
      <div className="space-y-4">
        <h1 className="text-2xl font-semibold">{t('importTitle', { id })}</h1>
        <p role="status">{t('reading')}</p>
      </div>
    );
  }

  const { import: imp, progress } = status.data;
  const family = FAMILIES[imp.family];
  const percent = progress.rowsToSend ? (progress.rowsDone / progress.rowsToSend) * 100 : 100;
  // The columns that say which record a row is about, shown beside its outcome.
  const keyColumns = imp.mapping
    .map((field, i) => ({ field, i }))
    .filter(
      (c) =>
        c.field && ['id', 'outerSysCode', 'name', 'skuId', 'companyCode', 'companyId', 'productId'].includes(c.field),
    )
    .slice(0, 3);

  async function cancel() {
    setCancelling(true);
    try {
      await consoleFetch(importsApi.cancel, { params: { id } });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: importKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: importKeys.lists() }),
      ]);
    } finally {
      setCancelling(false);
    }
  }

  // The error file holds the rows to fix; the results, every row with what became of it.
  async function download(file: 'errorFile' | 'results') {
    setDownloadFailed(false);
    try {
      await consoleDownload(
        importsApi[file],
        { params: { id }, query: { format } },
        `import-${id}-${file === 'errorFile' ? 'errors' : 'results'}.${format}`,
      );
    } catch {
      setDownloadFailed(true);
    }
  }

  return (
    <div className="space-y-6">
      <header className="space-y-1">
        <p>
          <Link href="/imports" className="text-sm underline">
            {t('title')}
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">{t('importTitle', { id })}</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          {t('importOf', { family: t(`families.${imp.family}`), file: imp.fileName })} ·{' '}
          {t('startedBy', { email: imp.createdByEmail })}
          {imp.revertsImportId ? (
            <>
              {' · '}
              <Link href={`/imports/${imp.revertsImportId}`} className="underline">
                {tv(imp.revertsBulk ? 'revertsBulk' : 'reverts', { id: imp.revertsImportId })}
              </Link>
            </>
          ) : null}
        </p>
        {!running && offersRevert(imp) ? (
          <p className="pt-2">
            <LinkButton href={`/imports/${id}/revert`} variant="secondary">
              {tv(imp.origin === 'bulk' ? 'actionBulk' : 'action')}
            </LinkButton>
          </p>
        ) : null}
      </header>

      <HeadedSection
        id="progress-heading"
        title={t('progressState', { state: t(`jobState.${progress.state}`) })}
        className="space-y-2"
      >
        {/* Never started: a bar would read as done. The status below says what happened. */}
        {progress.state === 'abandoned' ? null : (
          <ProgressBar
            label={t('progressText', { done: progress.rowsDone, total: progress.rowsToSend })}
            value={percent}
          />
        )}
        {running && progress.rowsPerSecond ? (
          <p className="text-sm">
            {t('rate', { rate: progress.rowsPerSecond })}
            {progress.secondsLeft != null ? ` · ${t('timeLeft', { seconds: Math.ceil(progress.secondsLeft) })}` : null}
          </p>
        ) : null}
        {running && progress.waitingForServiceSeconds ? (
          <p role="status" className="text-sm">
            {t('waitingForService', { seconds: progress.waitingForServiceSeconds })}
          </p>
        ) : null}
        {running ? (
          <div className="flex flex-wrap items-center gap-3">
            <Button variant="danger" onClick={cancel} pending={cancelling}>
              {t('cancelImport')}
            </Button>
            <span className="text-xs">{t('cancelHelp')}</span>
          </div>
        ) : (
          <p role="status">
            {progress.state === 'cancelled'
              ? t('cancelled')
              : progress.state === 'abandoned'
                ? t('abandoned', { received: imp.uploadedRows, total: imp.totalRows })
                : t('finished')}
          </p>
        )}
      </HeadedSection>

      <ImportCounts imp={imp} running={running} aborted={progress.state === 'abandoned'} />

      {status.data.attempts && status.data.attempts.length > 0 ? (
        <AttemptsList attempts={status.data.attempts} />
      ) : null}

      {running ? null : (
        <FixRows importId={id} family={imp.family} origin={imp.origin} headers={imp.headers} mapping={imp.mapping} />
      )}

      <section className="space-y-3" aria-labelledby="rows-heading">
        <div className="flex flex-wrap items-end gap-4">
          <h2 id="rows-heading" className="sr-only">
            {t('rowsCaption')}
          </h2>
          <Field label={t('show')}>
            <Select
              value={show}
              onChange={(e) => {
                setShow(e.target.value as Shown | '');
                setLimit(PAGE);
              }}
            >
              <option value="">{t('all')}</option>
              <SelectOptions options={SHOWN_STATUSES.map((s) => ({ value: s, label: tr(rowWord(s)) }))} />
              {imp.mispredicted > 0 ? <option value={MISPREDICTED}>{t('mispredicted')}</option> : null}
            </Select>
          </Field>
          <Field label={tx('format')}>
            <Select value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)}>
              <SelectOptions options={EXPORT_FORMATS.map((f) => ({ value: f, label: tx(`formats.${f}`) }))} />
            </Select>
          </Field>
          <Button variant="secondary" onClick={() => download('results')}>
            {t('downloadResults')}
          </Button>
          {imp.counts.failed + imp.counts.not_sent > 0 && !running ? (
            <Button variant="secondary" onClick={() => download('errorFile')}>
              {tw('downloadErrorFile')}
            </Button>
          ) : null}
        </div>
        {downloadFailed ? <Alert tone="error">{t('loadFailed')}</Alert> : null}
        <ImportRowsTable
          rows={rows.data?.rows ?? []}
          keyColumns={keyColumns}
          headers={imp.headers}
          recordPath={family.recordPath}
        />
        {rows.data && rows.data.rows.length === 0 ? <p role="status">{t('noRows')}</p> : null}
        {rows.data && rows.data.rows.length >= limit ? (
          <Button variant="secondary" onClick={() => setLimit((l) => l + PAGE)}>
            {t('loadMore')}
          </Button>
        ) : null}
      </section>
    </div>
  );
}
