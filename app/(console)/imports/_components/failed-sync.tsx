'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Field, Select, Textarea, SelectOptions } from '@/components/ui';
import { ApiError } from '@/lib/client/api-error';
import { importRows } from '@/lib/client/imports/from-rows';
import { FAMILY_NAMES, isFamilyName, FAMILIES, type FamilyName } from '@/lib/csv/families';
import { readFailedSync, type SyncRead } from '@/lib/csv/failed-sync';
import { FixGrid } from './fix-grid';
import { useLiveCheck, type GridRow } from './grid-rows';
import { ResendReview, type ResendRow, type ReviewedRow } from './resend-review';

/**
 * "Open a failed sync": paste the body of a /v1 batch request and, if you have it, the service's answer;
 * the failed items (matched by index) open in the grid with their errors, to fix and resend as an import.
 */
export function FailedSync() {
  const t = useTranslations('workbench');
  const ti = useTranslations('imports');
  const router = useRouter();
  const [family, setFamily] = useState<FamilyName | ''>('');
  const [body, setBody] = useState('');
  const [answer, setAnswer] = useState('');
  const [read, setRead] = useState<(SyncRead & { family: FamilyName }) | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [edits, setEdits] = useState<Record<number, string[]>>({});
  const [excluded, setExcluded] = useState<Set<number>>(new Set());
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  /** The items under review (reviewed as an import is, before anything is sent); an edit closes it. */
  const [review, setReview] = useState<ResendRow[] | null>(null);

  // Opened items sit below the pasted body, under the fold on a laptop: the page moves to them, and so does focus.
  const itemsHeading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!read) return;
    itemsHeading.current?.scrollIntoView({ block: 'start' });
    itemsHeading.current?.focus({ preventScroll: true });
  }, [read]);

  const rows = useMemo<GridRow[]>(() => (read?.rows ?? []).map((r) => ({ rowNo: r.index, label: String(r.index), cells: r.cells, issues: r.errors })), [read]);
  const headers = useMemo(() => read?.headers ?? [], [read]);
  const live = useLiveCheck(read?.family ?? 'companies', headers, headers, rows, edits);
  const chosen = rows.filter((r) => !excluded.has(r.rowNo));
  const blocked = chosen.filter((r) => (live.get(r.rowNo)?.errors.length ?? 0) > 0);

  function open() {
    setFailure(null);
    if (!family) return;
    const result = readFailedSync(FAMILIES[family], body, answer);
    if ('error' in result) {
      setRead(null);
      setReadError(result.error);
      return;
    }
    setReadError(null);
    setReview(null);
    setEdits({});
    setExcluded(new Set());
    setRead({ ...result, family });
  }

  async function send(reviewed: ReviewedRow[]) {
    if (!read) return;
    setFailure(null);
    setSending(true);
    try {
      const id = await importRows({
        family: read.family,
        fileName: t('syncFileName'),
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
    <div className="max-w-6xl space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">{t('syncTitle')}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('syncIntro')}</p>
      </header>
      <section className="space-y-3">
        <Field label={t('syncEndpoint')}>
          <Select value={family} onChange={(e) => setFamily(isFamilyName(e.target.value) ? e.target.value : '')}>
            <option value="">{ti('chooseFamily')}</option>
            <SelectOptions options={FAMILY_NAMES.map((f) => ({ value: f, label: ti(`families.${f}`) }))} />
          </Select>
        </Field>
        <Field label={t('syncBody')} description={t('syncBodyHelp')}>
          <Textarea rows={8} className="font-mono text-xs" value={body} onChange={(e) => setBody(e.target.value)} spellCheck={false} />
        </Field>
        <Field label={t('syncAnswer')} description={t('syncAnswerHelp')}>
          <Textarea rows={6} className="font-mono text-xs" value={answer} onChange={(e) => setAnswer(e.target.value)} spellCheck={false} />
        </Field>
        <Button onClick={open} disabled={!family || body.trim() === ''}>
          {t('syncOpen')}
        </Button>
        {readError ? <Alert tone="error">{t(`syncErrors.${readError}` as 'syncErrors.sync_body_invalid')}</Alert> : null}
      </section>

      {read ? (
        <section className="space-y-3" aria-labelledby="sync-items-heading">
          <h2 id="sync-items-heading" ref={itemsHeading} tabIndex={-1} className="scroll-mt-4 text-lg font-semibold outline-none">
            {t('syncItems')}
          </h2>
          <p role="status" className="text-sm">
            {answer.trim() ? t('syncShown', { shown: read.rows.length, total: read.total }) : t('syncAll', { total: read.total })}
          </p>
          {read.ignoredFields.length ? <Alert tone="warning">{t('syncIgnored', { fields: read.ignoredFields.join(', ') })}</Alert> : null}
          {read.strayAnswers ? <Alert tone="warning">{t('syncStray', { count: read.strayAnswers })}</Alert> : null}
          {rows.length ? (
            <>
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
              {failure ? <Alert tone="error">{t('resendFailed', { reason: failure })}</Alert> : null}
              {review ? (
                <ResendReview family={read.family} mapping={headers} rows={review} sending={sending} onSend={send} onBack={() => setReview(null)} />
              ) : (
                <div className="flex flex-wrap items-center gap-3">
                  <Button
                    onClick={() => setReview(chosen.map((r) => ({ rowNo: r.rowNo, line: r.rowNo + 1, cells: edits[r.rowNo] ?? r.cells })))}
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
      ) : null}
    </div>
  );
}
