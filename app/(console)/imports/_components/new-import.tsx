'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Checkbox, Field, Input, Select } from '@/components/ui';
import { consoleFetch } from '@/lib/client/console-fetch';
import { importsApi } from '@/lib/contract/console/imports';
import { ISSUE_ROWS_SHOWN, type CheckResult, type CompareResult, type FromWorker, type PreviewResult, type ToWorker } from '@/lib/client/imports/worker-protocol';
import { isComparable } from '@/lib/csv/compare';
import { describeIssue } from '@/lib/csv/describe';
import { useErrorMessage } from '@/lib/i18n/use-error-message';
import { ENCODINGS, type Encoding } from '@/lib/csv/encoding';
import { csvFileName, toCsv } from '@/lib/csv/export';
import { FAMILIES, FAMILY_NAMES, isFamilyName, templateRows, type FamilyName } from '@/lib/csv/families';
import { autoMap, missingColumns, toSaved, type Mapping, type SavedMapping } from '@/lib/csv/mapping';
import { DELIMITERS, type Delimiter, type FileError } from '@/lib/csv/parse';
import type { RowIssue } from '@/lib/csv/check';
import { CompareSummary } from './compare-summary';
import { ProgressBar } from './progress-bar';

/** "Compare with live data" runs by itself after the check for files up to this many rows. */
const AUTO_COMPARE_ROWS = 20_000;

const DELIMITER_NAMES: Record<Delimiter, 'comma' | 'semicolon' | 'tab'> = { ',': 'comma', ';': 'semicolon', '\t': 'tab' };

type Progress = { phase: 'decode' | 'parse' | 'check' | 'compare' | 'upload'; done: number; total: number };
type Phase = 'idle' | 'previewing' | 'checking' | 'comparing' | 'sending';

function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function NewImport() {
  const t = useTranslations('imports');
  const locale = useLocale();
  const tw = useTranslations('workbench');
  const router = useRouter();
  const worker = useRef<Worker | null>(null);
  const [family, setFamily] = useState<FamilyName | ''>('');
  const [file, setFile] = useState<File | null>(null);
  const [encoding, setEncoding] = useState<Encoding | null>(null);
  const [delimiter, setDelimiter] = useState<Delimiter | null>(null);
  const [preview, setPreview] = useState<PreviewResult | null>(null);
  const [edited, setEdited] = useState<{ basis: Mapping; mapping: Mapping } | null>(null);
  const [saved, setSaved] = useState<SavedMapping>({});
  const [check, setCheck] = useState<CheckResult | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<Progress | null>(null);
  const [failure, setFailure] = useState<{ code: string; activeImportId?: string; startedImportId?: string; startUnknown?: boolean } | null>(null);
  const [compared, setCompared] = useState<CompareResult | null>(null);
  const [skipUnchanged, setSkipUnchanged] = useState(true);

  const fieldLabel = (name: string) => (t.has(`fields.${name}`) ? t(`fields.${name}` as 'fields.id') : name);
  const errorText = useErrorMessage();
  const issueText = (issue: RowIssue) =>
    describeIssue(issue, { own: (code, params) => t(`issues.${code}`, params), service: errorText, field: fieldLabel });
  const fileErrorText = (error: FileError) => t(`fileErrors.${error.code}`, error as unknown as Record<string, string | number>);

  // One worker per page; its messages drive the steps.
  useEffect(() => {
    const w = new Worker(new URL('../../../../lib/client/imports/import.worker.ts', import.meta.url), { type: 'module' });
    worker.current = w;
    return () => w.terminate();
  }, []);

  const post = (message: ToWorker) => worker.current?.postMessage(message);

  useEffect(() => {
    const w = worker.current;
    if (!w) return;
    w.onmessage = (event: MessageEvent<FromWorker>) => {
      const m = event.data;
      if (m.type === 'progress') setProgress({ phase: m.phase, done: m.done, total: m.total });
      else if (m.type === 'preview') {
        setPreview(m.result);
        setEncoding(m.result.encoding);
        setDelimiter(m.result.delimiter);
        setPhase('idle');
      } else if (m.type === 'checked') {
        setCheck(m.result);
        setCompared(null);
        setProgress(null);
        const r = m.result;
        if (!r.error && r.counts.toSend > 0 && r.counts.rows <= AUTO_COMPARE_ROWS && family && isComparable(family)) {
          setPhase('comparing');
          w.postMessage({ type: 'compare' } satisfies ToWorker);
        } else setPhase('idle');
      } else if (m.type === 'compared') {
        setCompared(m.result);
        setPhase('idle');
        setProgress(null);
      } else if (m.type === 'sent') {
        router.push(`/imports/${m.importId}`);
      } else if (m.type === 'failed') {
        setFailure({ code: m.code, activeImportId: m.activeImportId, startedImportId: m.startedImportId, startUnknown: m.startUnknown });
        setPhase('idle');
        setProgress(null);
      }
    };
  }, [router, family]);

  // The saved mapping of this family for this user, offered first.
  useEffect(() => {
    if (!family) return;
    let live = true;
    consoleFetch(importsApi.mapping, { params: { family } })
      .then((r) => live && setSaved(r.mapping))
      .catch(() => live && setSaved({}));
    return () => {
      live = false;
    };
  }, [family]);

  const labels = useMemo(() => {
    if (!family) return {};
    return Object.fromEntries(FAMILIES[family].fields.map((f) => [f.name, t.has(`fields.${f.name}`) ? t(`fields.${f.name}` as 'fields.id') : f.name]));
  }, [family, t]);

  // The automatic mapping for this file and family; the user's changes apply until either changes.
  const autoMapping = useMemo<Mapping>(
    () => (family && preview && !preview.error ? autoMap(preview.headers, FAMILIES[family], labels, saved) : []),
    [family, preview, labels, saved],
  );
  const mapping = edited && edited.basis === autoMapping ? edited.mapping : autoMapping;
  const setMapping = (update: (m: Mapping) => Mapping) => setEdited({ basis: autoMapping, mapping: update(mapping) });

  function choose(next: File | null, enc?: Encoding, delim?: Delimiter) {
    setFile(next);
    setCheck(null);
    setFailure(null);
    if (!next) {
      setPreview(null);
      return;
    }
    setPhase('previewing');
    post({ type: 'preview', file: next, encoding: enc, delimiter: delim });
  }

  const fam = family ? FAMILIES[family] : null;
  const missing = fam && preview && !preview.error ? missingColumns(fam, mapping) : [];
  const ignored = preview ? preview.headers.filter((_, i) => mapping[i] == null) : [];
  const busy = phase !== 'idle';
  const canCheck = !!(fam && file && preview && !preview.error && encoding && delimiter && missing.length === 0 && !busy);

  function runCheck() {
    if (!canCheck || !family || !file || !encoding || !delimiter || !preview) return;
    setCheck(null);
    setFailure(null);
    setPhase('checking');
    void consoleFetch(importsApi.saveMapping, { params: { family }, body: { mapping: toSaved(preview.headers, mapping) } }).catch(() => {});
    post({ type: 'check', file, encoding, delimiter, family, mapping });
  }

  function start() {
    if (!file) return;
    setFailure(null);
    setPhase('sending');
    post({ type: 'send', fileName: file.name, skipUnchanged: compared !== null && skipUnchanged });
  }

  function downloadTemplate() {
    if (!fam) return;
    const { headers, example } = templateRows(fam);
    // A Chinese reader gets the fields' Chinese names; the import maps them back through the same labels.
    const names = locale === 'zh-TW' ? headers.map((h) => labels[h] ?? h) : headers;
    download(
      toCsv([example], names.map((header, i) => ({ header, value: (row: string[]) => row[i] ?? '' }))),
      csvFileName(`${fam.name}-template`),
    );
  }

  const percent = progress && progress.total > 0 ? Math.floor((progress.done / progress.total) * 100) : 0;

  return (
    <div className="max-w-5xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">{t('newTitle')}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('newIntro')}</p>
      </header>

      <section className="space-y-3">
        <Field label={t('importInto')} description={family ? t(`familyHelp.${family}`) : undefined}>
          <Select
            value={family}
            onChange={(e) => {
              const value = e.target.value;
              setFamily(isFamilyName(value) ? value : '');
              setCheck(null);
            }}
          >
            <option value="">{t('chooseFamily')}</option>
            {FAMILY_NAMES.map((f) => (
              <option key={f} value={f}>
                {t(`families.${f}`)}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={downloadTemplate} disabled={!fam}>
            {t('downloadTemplate')}
          </Button>
          <span className="text-xs text-zinc-600 dark:text-zinc-400">{t('templateHelp')}</span>
        </div>
      </section>

      <section className="space-y-3">
        <Field label={t('csvFile')} description={t('fileHelp')}>
          <Input type="file" accept=".csv,.txt,.tsv,text/csv" onChange={(e) => choose(e.target.files?.[0] ?? null)} disabled={phase === 'sending'} />
        </Field>
        {phase === 'previewing' ? <p role="status">{t('reading')}</p> : null}
        {preview?.error ? <Alert tone="error">{fileErrorText(preview.error)}</Alert> : null}
        {preview && !preview.error ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              label={t('encoding')}
              description={t('encodingHelp', { encoding: t(`encodings.${preview.detected.encoding}`), basis: t(`basis.${preview.detected.basis}`) })}
            >
              <Select
                value={encoding ?? preview.encoding}
                onChange={(e) => {
                  const value = e.target.value as Encoding;
                  setEncoding(value);
                  choose(file, value, delimiter ?? undefined);
                }}
                disabled={busy}
              >
                {ENCODINGS.map((enc) => (
                  <option key={enc} value={enc}>
                    {t(`encodings.${enc}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={t('delimiter')}>
              <Select
                value={delimiter ?? preview.delimiter}
                onChange={(e) => {
                  const value = e.target.value as Delimiter;
                  setDelimiter(value);
                  choose(file, encoding ?? undefined, value);
                }}
                disabled={busy}
              >
                {DELIMITERS.map((d) => (
                  <option key={d} value={d}>
                    {t(`delimiters.${DELIMITER_NAMES[d]}`)}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
        ) : null}
        {preview && !preview.error ? (
          <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
            <table className="w-full text-left text-sm">
              <caption className="px-3 py-2 text-left font-medium">{t('preview')}</caption>
              <thead className="bg-zinc-50 dark:bg-zinc-900">
                <tr>
                  {preview.headers.map((h, i) => (
                    <th key={i} scope="col" className="px-3 py-2 font-medium">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {preview.rows.map((row, r) => (
                  <tr key={r}>
                    {preview.headers.map((_, i) => (
                      <td key={i} className="px-3 py-1.5">
                        {row[i] ?? ''}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>

      {fam && preview && !preview.error ? (
        <section className="space-y-3" aria-labelledby="mapping-heading">
          <h2 id="mapping-heading" className="text-lg font-semibold">
            {t('mapping')}
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('mappingHelp')}</p>
          <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('mappingCaption')}</caption>
              <thead className="bg-zinc-50 dark:bg-zinc-900">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">{t('fileColumn')}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{t('sample')}</th>
                  <th scope="col" className="px-3 py-2 font-medium">{t('fillsField')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                {preview.headers.map((header, i) => (
                  <tr key={i}>
                    <th scope="row" className="px-3 py-1.5 font-normal">
                      {header}
                    </th>
                    <td className="px-3 py-1.5 text-zinc-600 dark:text-zinc-400">{preview.rows[0]?.[i] ?? ''}</td>
                    <td className="px-3 py-1.5">
                      <Select
                        aria-label={t('fieldFor', { column: header })}
                        value={mapping[i] ?? ''}
                        disabled={busy}
                        onChange={(e) => {
                          const value = e.target.value || null;
                          setCheck(null);
                          setMapping((m) => m.map((f, j) => (j === i ? value : f === value ? null : f)));
                        }}
                      >
                        <option value="">{t('ignore')}</option>
                        {fam.fields.map((f) => (
                          <option key={f.name} value={f.name}>
                            {`${labels[f.name] ?? f.name} (${f.name})`}
                          </option>
                        ))}
                      </Select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {ignored.length ? <p className="text-sm">{t('ignoredColumns', { count: ignored.length, names: ignored.join(', ') })}</p> : null}
          {missing.length ? <Alert tone="warning">{t('missingColumns', { fields: missing.map(fieldLabel).join(', ') })}</Alert> : null}
          <Button onClick={runCheck} disabled={!canCheck} pending={phase === 'checking'}>
            {t('checkRows')}
          </Button>
        </section>
      ) : null}

      {progress && busy && phase !== 'previewing' ? (
        <ProgressBar label={t('progressLabel', { phase: t(`phase.${progress.phase}`), percent })} value={percent} />
      ) : null}

      {check ? (
        <section className="space-y-3" aria-labelledby="check-heading">
          <h2 id="check-heading" className="sr-only">
            {t('checkRows')}
          </h2>
          {check.error ? (
            <Alert tone="error">{fileErrorText(check.error)}</Alert>
          ) : (
            <>
              <Alert tone={check.counts.heldBack ? 'warning' : 'success'}>
                {t('checkSummary', check.counts)}
                {check.counts.heldBack ? <span className="block">{t('heldBackHelp')}</span> : null}
              </Alert>
              {check.issueRows.length ? (
                <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
                  <table className="w-full text-left text-sm">
                    <caption className="px-3 py-2 text-left font-medium">{t('issuesTitle')}</caption>
                    <thead className="bg-zinc-50 dark:bg-zinc-900">
                      <tr>
                        <th scope="col" className="px-3 py-2 font-medium">{t('line')}</th>
                        <th scope="col" className="px-3 py-2 font-medium">{t('errors')}</th>
                        <th scope="col" className="px-3 py-2 font-medium">{t('warnings')}</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
                      {check.issueRows.map((row) => (
                        <tr key={row.line}>
                          <td className="px-3 py-1.5 tabular-nums">{row.line}</td>
                          <td className="px-3 py-1.5 text-red-800 dark:text-red-300">
                            {row.errors.map((e, k) => (
                              <span key={k} className="block">
                                {issueText(e)}
                              </span>
                            ))}
                          </td>
                          <td className="px-3 py-1.5">
                            {row.warnings.map((w, k) => (
                              <span key={k} className="block">
                                {issueText(w)}
                              </span>
                            ))}
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : null}
              {check.issueRows.length >= ISSUE_ROWS_SHOWN ? <p className="text-sm">{t('issuesMore', { shown: ISSUE_ROWS_SHOWN })}</p> : null}
              {family && isComparable(family) && check.counts.toSend > 0 ? (
                <section className="space-y-3" aria-labelledby="compare-heading">
                  <h3 id="compare-heading" className="text-base font-semibold">
                    {tw('compareTitle')}
                  </h3>
                  {compared ? (
                    <>
                      <CompareSummary result={compared} fieldLabel={fieldLabel} />
                      <Checkbox label={tw('skipUnchanged', { count: compared.counts.same })} checked={skipUnchanged} onChange={(e) => setSkipUnchanged(e.target.checked)} />
                    </>
                  ) : (
                    <div className="flex flex-wrap items-center gap-3">
                      <Button
                        variant="secondary"
                        pending={phase === 'comparing'}
                        disabled={busy}
                        onClick={() => {
                          setPhase('comparing');
                          post({ type: 'compare' });
                        }}
                      >
                        {tw('compare')}
                      </Button>
                      <span className="text-xs text-zinc-600 dark:text-zinc-400">{tw('compareHelp')}</span>
                    </div>
                  )}
                </section>
              ) : null}
              {check.counts.toSend === 0 ? (
                <Alert tone="error">{t('nothingToSend')}</Alert>
              ) : (
                <Button onClick={start} pending={phase === 'sending'} disabled={busy}>
                  {t('startImport')}
                </Button>
              )}
            </>
          )}
        </section>
      ) : null}

      {failure ? (
        <Alert tone="error">
          {failure.code === 'import_already_running' && family ? (
            <>
              {t('alreadyRunning', { family: t(`families.${family}`) })}{' '}
              {failure.activeImportId ? (
                <a className="underline" href={`/imports/${failure.activeImportId}`}>
                  {t('openRunning')}
                </a>
              ) : null}
            </>
          ) : failure.startedImportId ? (
            <>
              {t(failure.startUnknown ? 'startUnknown' : 'uploadStopped', { reason: failure.code })}{' '}
              <a className="underline" href={`/imports/${failure.startedImportId}`}>
                {t('openImport')}
              </a>
            </>
          ) : (
            t('sendFailed', { reason: failure.code })
          )}
        </Alert>
      ) : null}
    </div>
  );
}
