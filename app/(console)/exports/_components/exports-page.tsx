'use client';

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useFormatter, useTranslations } from 'next-intl';
import { useId, useRef, useState } from 'react';
import { useUnsavedChangesGuard } from '@/components/form/unsaved-changes-guard';
import { Alert, Badge, Button, Field, Input, Select, SelectOptions, TitledCard } from '@/components/ui';
import { isApiError } from '@/lib/client/api-error';
import {
  countRows,
  exportFileUrl,
  exportInBrowser,
  listMyExports,
  startExportJob,
  type ExportFilters,
} from '@/lib/client/exports/exports';
import { EXPORT_RESOURCES, type ExportResource } from '@/lib/files/export-columns';
import { exportKeys } from '@/lib/client/console-keys';
import { saveFile } from '@/lib/client/download';
import { EXPORT_FORMATS, type ExportFormat } from '@/lib/contract/console/export-kinds';
import type { ExportView } from '@/lib/contract/console/exports';
import { plainSpaces } from '@/lib/i18n/formats';
import { Table, TBody, Td, THead, Tr } from '@/components/ui/table';

type Phase =
  | { phase: 'idle' }
  | { phase: 'counting' }
  | { phase: 'running'; fetched: number; total: number }
  | { phase: 'done'; rows: number }
  | { phase: 'queued'; total: number }
  | { phase: 'failed'; sentence: string };

/** Start an export (in the browser up to `threshold` rows, as a server job above) and list one's own jobs. */
export function ExportsPage({ threshold }: { threshold: number }) {
  const t = useTranslations('exports');
  const tw = useTranslations('writes');
  const client = useQueryClient();
  const [resource, setResource] = useState<ExportResource>('skus');
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const [filters, setFilters] = useState<ExportFilters>({});
  const [state, setState] = useState<Phase>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const progressId = useId();
  useUnsavedChangesGuard(state.phase === 'running', tw('leaveExport'));

  const header = (key: string) => (t.has(`columns.${key}`) ? t(`columns.${key}`) : key);
  const sentenceOf = (error: unknown) =>
    isApiError(error) && error.code === 'export_already_running'
      ? t('alreadyRunning')
      : isApiError(error)
        ? error.sentence
        : String(error);

  async function run() {
    const abort = new AbortController();
    controller.current = abort;
    const clean: ExportFilters = {};
    if (filters.outerSysCode?.trim()) clean.outerSysCode = filters.outerSysCode.trim();
    if (filters.name?.trim()) clean.name = filters.name.trim();
    setState({ phase: 'counting' });
    try {
      const total = await countRows(resource, clean, abort.signal);
      if (total > threshold) {
        await startExportJob(resource, clean);
        setState({ phase: 'queued', total });
        await client.invalidateQueries({ queryKey: exportKeys.mine() });
        return;
      }
      setState({ phase: 'running', fetched: 0, total });
      const { file, name, rows } = await exportInBrowser(resource, clean, header, format, {
        signal: abort.signal,
        onProgress: (p) => setState({ phase: 'running', fetched: p.fetched, total: p.total }),
      });
      saveFile(file, name);
      setState({ phase: 'done', rows });
    } catch (error) {
      if (abort.signal.aborted) setState({ phase: 'idle' });
      else setState({ phase: 'failed', sentence: sentenceOf(error) });
    } finally {
      controller.current = null;
    }
  }

  const busy = state.phase === 'counting' || state.phase === 'running';
  return (
    <>
      <TitledCard id="export-new" title={t('start')}>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy) void run();
          }}
        >
          <div className="flex flex-wrap gap-4">
            <Field label={t('resource')}>
              <Select value={resource} onChange={(e) => setResource(e.target.value as ExportResource)} disabled={busy}>
                <SelectOptions options={EXPORT_RESOURCES.map((r) => ({ value: r, label: t(`resources.${r}`) }))} />
              </Select>
            </Field>
            <Field label={t('format')}>
              <Select value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)} disabled={busy}>
                <SelectOptions options={EXPORT_FORMATS.map((f) => ({ value: f, label: t(`formats.${f}`) }))} />
              </Select>
            </Field>
            <fieldset className="flex flex-wrap gap-4">
              <legend className="mb-1 text-sm font-medium">{t('filtersLegend')}</legend>
              <Field label={t('columns.outerSysCode')}>
                <Input
                  value={filters.outerSysCode ?? ''}
                  onChange={(e) => setFilters((f) => ({ ...f, outerSysCode: e.target.value }))}
                  disabled={busy}
                />
              </Field>
              <Field label={t('columns.name')}>
                <Input
                  value={filters.name ?? ''}
                  onChange={(e) => setFilters((f) => ({ ...f, name: e.target.value }))}
                  disabled={busy}
                />
              </Field>
            </fieldset>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            {busy ? (
              <>
                <label htmlFor={progressId} className="text-sm">
                  {state.phase === 'running'
                    ? t('progress', { fetched: state.fetched, total: state.total })
                    : t('counting')}
                </label>
                <progress
                  id={progressId}
                  className="w-40"
                  max={state.phase === 'running' ? state.total : undefined}
                  value={state.phase === 'running' ? state.fetched : undefined}
                />
                <Button variant="ghost" size="sm" onClick={() => controller.current?.abort()}>
                  {t('cancel')}
                </Button>
              </>
            ) : (
              <Button type="submit">{t('start')}</Button>
            )}
          </div>
          <p role="status" className="text-sm">
            {state.phase === 'done'
              ? t('done', { rows: state.rows })
              : state.phase === 'queued'
                ? t('queued', { total: state.total, threshold })
                : ''}
          </p>
          {state.phase === 'failed' ? <Alert tone="error">{t('failed', { sentence: state.sentence })}</Alert> : null}
        </form>
      </TitledCard>
      <MyExports />
    </>
  );
}

function MyExports() {
  const t = useTranslations('exports');
  const format = useFormatter();
  const mine = useQuery({
    queryKey: exportKeys.mine(),
    queryFn: ({ signal }) => listMyExports(signal),
    // Poll while one is still running; the job goes on without this page.
    refetchInterval: (query) =>
      (query.state.data ?? []).some((e) => e.state === 'planning' || e.state === 'running') ? 2000 : false,
  });
  const list = mine.data ?? [];
  const stateText = (e: ExportView) =>
    e.state === 'succeeded' && e.pagesFailed > 0
      ? t('states.incomplete', { failed: e.pagesFailed })
      : t(`states.${e.state}`);
  return (
    <TitledCard id="export-mine" title={t('mine')}>
      {mine.error ? (
        <Alert tone="error">{isApiError(mine.error) ? mine.error.sentence : String(mine.error)}</Alert>
      ) : null}
      {mine.data && list.length === 0 ? <p className="text-sm">{t('mineEmpty')}</p> : null}
      {list.length > 0 ? (
        <Table variant="plain" caption={t('mineCaption')} stickyFirst>
          <THead columns={[t('when'), t('resource'), t('rows'), t('state'), t('file')]} />
          <TBody>
            {list.map((e) => (
              <Tr key={e.id}>
                <Td className="whitespace-nowrap">
                  <time dateTime={e.createdAt}>{plainSpaces(format.dateTime(new Date(e.createdAt), 'dateTime'))}</time>
                </Td>
                <Td>{t(`resources.${e.resource}`)}</Td>
                <Td className="whitespace-nowrap">{format.number(e.totalCount)}</Td>
                <Td>
                  <Badge tone={e.ready ? 'success' : e.state === 'failed' || e.pagesFailed > 0 ? 'danger' : 'neutral'}>
                    {stateText(e)}
                  </Badge>{' '}
                  {e.state === 'running' || e.state === 'planning' ? (
                    <span className="text-xs">{t('pages', { done: e.pagesDone, total: e.pagesTotal })}</span>
                  ) : null}
                </Td>
                <Td>
                  {e.ready ? (
                    <span className="flex flex-wrap gap-x-4 gap-y-1">
                      <a
                        href={exportFileUrl(e.id, 'xlsx')}
                        download
                        className="text-blue-700 underline underline-offset-2 dark:text-blue-400"
                      >
                        {t('downloadXlsx', { resource: t(`resources.${e.resource}`), rows: e.totalCount })}
                      </a>
                      <a
                        href={exportFileUrl(e.id, 'csv')}
                        download
                        className="text-blue-700 underline underline-offset-2 dark:text-blue-400"
                      >
                        {t('download', { resource: t(`resources.${e.resource}`), rows: e.totalCount })}
                      </a>
                    </span>
                  ) : null}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      ) : null}
    </TitledCard>
  );
}
