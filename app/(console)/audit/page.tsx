import Link from 'next/link';
import { getFormatter, getTimeZone, getTranslations } from 'next-intl/server';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { ChangeList, OutcomeDetail } from '@/components/record/change-list';
import { OutsideDetected } from '@/components/record/outside-change';
import { AUDIT_FAMILIES, OUTSIDE_OUTCOMES, RECORD_TYPES } from '@/lib/contract/history';
import { AUDIT_PAGE_SIZE_DEFAULT, auditFilterChoices, listAudit, type AuditEntryView } from '@/lib/server/audit/audit-log';
import { auditFiltersFrom } from '@/lib/server/audit/audit-filters';
import { recordFilter } from '@/lib/server/audit/record-filter';
import { auditRetentionJob, startRetentionIfDue } from '@/lib/server/audit/retention';
import { getEnv } from '@/lib/server/env';
import { latestJob, startJob } from '@/lib/server/jobs';
import { getUpstream, getConsoleDb } from '@/lib/server/process';
import { AuditFilter, AUDIT_CONTROL } from './_components/audit-filter';
import { EntryRecords } from './_components/entry-records';
import { requireUser } from '@/lib/server/auth/require-user';
import { plainSpaces } from '@/lib/i18n/formats';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TBody, Td, THead, Tr } from '@/components/ui/table';
import { titleMetadata } from '@/lib/i18n/page-metadata';

export const dynamic = 'force-dynamic';
// No loading.tsx beside this page on purpose: a Suspense boundary would start streaming a 200 before the
// role check, and a non-admin must get a real 404.

const AUDIT_RESULTS = ['applied', 'refused', 'unknown'] as const;

/** Target ids shown per row; the rest are counted. */
const TARGETS_SHOWN = 10;

export const generateMetadata = titleMetadata('audit');

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

function pageParam(value: string | string[] | undefined): number {
  const text = Array.isArray(value) ? value[0] : value;
  const n = text && /^\d{1,7}$/.test(text) ? Number(text) : 1;
  return n >= 1 ? n : 1;
}

export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // Checked here, not only in the layout: an RSC or prefetch request can render this page on its own.
  const user = await requireUser('/audit', 'readAudit');

  const t = await getTranslations('audit');
  const th = await getTranslations('history');
  const format = await getFormatter();
  const params = await searchParams;
  const page = pageParam(params.page);
  const filters = auditFiltersFrom(params, await getTimeZone());
  const record = await recordFilter(getUpstream, first(params.recordType), first(params.record));
  if (record) filters.record = record;
  const db = await getConsoleDb();
  const retentionDays = getEnv().audit.retentionDays;
  // The retention job runs in the background at most once a day; looking at the log is one of its triggers.
  void startRetentionIfDue(retentionDays, {
    latest: () => latestJob(auditRetentionJob),
    start: (p) => startJob(auditRetentionJob, { params: p, createdBy: user.id }),
  }).catch(() => {});
  const [log, choices] = await Promise.all([listAudit(db, { page, pageSize: AUDIT_PAGE_SIZE_DEFAULT, filters }), auditFilterChoices(db)]);
  const lastPage = Math.max(log.totalPages, 1);
  const text = (key: string) => {
    const v = params[key];
    return (Array.isArray(v) ? v[0] : v) ?? '';
  };
  const kept = new URLSearchParams();
  for (const key of ['person', 'family', 'operation', 'result', 'recordType', 'record', 'from', 'to']) if (text(key)) kept.set(key, text(key));
  const pageHref = (n: number) => {
    const q = new URLSearchParams(kept);
    q.set('page', String(n));
    return `/audit?${q.toString()}`;
  };
  const filtered = kept.size > 0;
  const range = new URLSearchParams();
  for (const key of ['from', 'to']) if (text(key)) range.set(key, text(key));

  return (
    <div className="space-y-4">
      <PageHeader
        title={t('title')}
        intro={`${t('intro')} ${retentionDays ? t('retention', { days: retentionDays }) : t('retentionNone')}`}
        actions={
          <>
            <a className={buttonClasses('secondary', 'sm')} href={`/api/audit/export?kind=audit&format=xlsx&${range.toString()}`} download>
              {t('exportAuditXlsx')}
            </a>
            <a className={buttonClasses('secondary', 'sm')} href={`/api/audit/export?kind=audit&${range.toString()}`} download>
              {t('exportAudit')}
            </a>
            <a className={buttonClasses('secondary', 'sm')} href={`/api/audit/export?kind=history&format=xlsx&${range.toString()}`} download>
              {t('exportHistoryXlsx')}
            </a>
            <a className={buttonClasses('secondary', 'sm')} href={`/api/audit/export?kind=history&${range.toString()}`} download>
              {t('exportHistory')}
            </a>
          </>
        }
      />

      <form method="get" action="/audit" className="flex flex-wrap items-end gap-3" aria-label={t('filters')}>
        <AuditFilter label={t('filterPerson')} name="person" value={text('person')} anyLabel={t('any')} options={choices.people.map((p) => ({ value: p, label: p }))} />
        <AuditFilter label={t('filterFamily')} name="family" value={text('family')} anyLabel={t('any')} options={AUDIT_FAMILIES.map((f) => ({ value: f, label: t(`families.${f}`) }))} />
        <AuditFilter label={t('operation')} name="operation" value={text('operation')} anyLabel={t('any')} options={choices.operations.map((o) => ({ value: o, label: o }))} />
        <AuditFilter label={t('outcome')} name="result" value={text('result')} anyLabel={t('any')} options={AUDIT_RESULTS.map((r) => ({ value: r, label: t(`results.${r}`) }))} />
        <AuditFilter label={t('filterRecordType')} name="recordType" value={text('recordType')} anyLabel={t('any')} options={RECORD_TYPES.map((r) => ({ value: r, label: t(`recordTypes.${r}`) }))} />
        <label className="text-sm">
          {t('filterRecord')}
          <input name="record" defaultValue={text('record')} className={AUDIT_CONTROL} size={14} />
        </label>
        <label className="text-sm">
          {t('filterFrom')}
          <input type="date" name="from" defaultValue={text('from')} className={AUDIT_CONTROL} />
        </label>
        <label className="text-sm">
          {t('filterTo')}
          <input type="date" name="to" defaultValue={text('to')} className={AUDIT_CONTROL} />
        </label>
        <button type="submit" className={buttonClasses('primary', 'sm')}>
          {t('applyFilters')}
        </button>
        {filtered ? (
          <Link href="/audit" className={buttonClasses('secondary', 'sm')}>
            {t('clearFilters')}
          </Link>
        ) : null}
      </form>

      {log.totalCount === 0 ? (
        <p role="status" className="rounded-md border border-dashed border-zinc-300 px-4 py-8 text-center text-sm dark:border-zinc-700">
          {filtered ? t('emptyFiltered') : t('empty')}
        </p>
      ) : (
        <>
          <Table caption={t('caption')}>
            <THead columns={[t('when'), t('who'), t('operation'), t('targets'), t('status'), t('outcome')]} />
            <TBody>
              {log.entries.map((entry) => {
                const shown = entry.targetIds.slice(0, TARGETS_SHOWN);
                const more = entry.targetIds.length - shown.length;
                const ok = entry.status >= 200 && entry.status < 300;
                return (
                  <Tr key={entry.id}>
                    <Td className="whitespace-nowrap">
                      <time dateTime={entry.at}>
                        {plainSpaces(format.dateTime(new Date(entry.at), 'dateTimeSeconds'))}
                      </time>
                    </Td>
                    <Td>{entry.family === 'outside' ? th('outside.who') : entry.userEmail}</Td>
                    <Td>
                      <span className="block whitespace-nowrap font-medium">{t(`families.${entry.family}`)}</span>
                      <code className="whitespace-nowrap text-xs">{entry.operation}</code>
                      {entry.importId ? (
                        <span className="block text-xs">
                          <Link href={`/imports/${entry.importId}`} className="text-blue-700 underline underline-offset-2 dark:text-blue-400">
                            {t('openResults', { id: entry.importId })}
                          </Link>
                          {entry.attempt ? ` · ${t('attempt', { attempt: entry.attempt })}` : null}
                          {entry.chunk !== null ? ` · ${t('chunk', { chunk: entry.chunk + 1 })}` : null}
                        </span>
                      ) : null}
                    </Td>
                    <Td>
                      {shown.length === 0 ? t('noTargets') : <TargetLinks entry={entry} ids={shown} label={(id) => t('openRecord', { id })} />}
                      {more > 0 ? ` ${t('moreTargets', { count: more })}` : null}
                    </Td>
                    <Td>
                      <Badge tone={ok ? 'success' : entry.status >= 500 ? 'danger' : 'warning'}>{entry.status}</Badge>
                    </Td>
                    <Td>
                      {entry.result ? (
                        <Badge tone={entry.result === 'applied' ? 'success' : entry.result === 'unknown' ? 'danger' : 'warning'}>
                          {t(`results.${entry.result}`)}
                        </Badge>
                      ) : null}{' '}
                      <OutcomeDetail outcome={entry.outcome} />
                      {entry.window ? (
                        <p className="text-xs">
                          <OutsideDetected at={entry.at} window={entry.window} />
                        </p>
                      ) : null}
                      {entry.family === 'outside' && entry.targetIds.length === 1 && entry.outcome === OUTSIDE_OUTCOMES.vanished ? (
                        <p className="text-xs">{th('outside.vanishedDetail')}</p>
                      ) : null}
                      {entry.failedIds?.length ? <p className="text-xs">{t('failedIds', { ids: entry.failedIds.slice(0, TARGETS_SHOWN).join(', ') })}</p> : null}
                      {entry.unknownIds?.length ? <p className="text-xs">{t('unknownIds', { ids: entry.unknownIds.slice(0, TARGETS_SHOWN).join(', ') })}</p> : null}
                      {entry.importId || entry.targetIds.length > 1 ? (
                        <EntryRecords auditId={entry.id} count={entry.targetIds.length} />
                      ) : entry.changes?.length && entry.result !== 'refused' ? (
                        <div className="mt-1 text-xs">
                          <ChangeList changes={entry.changes} oldRead={entry.changes.some((c) => 'from' in c) || entry.outcome === 'created'} />
                        </div>
                      ) : null}
                    </Td>
                  </Tr>
                );
              })}
            </TBody>
          </Table>
          <nav aria-label={t('pagination')} className="flex flex-wrap items-center gap-3 text-sm">
            {page > 1 ? (
              <Link className={buttonClasses('secondary', 'sm')} href={pageHref(Math.min(page - 1, lastPage))}>
                {t('previous')}
              </Link>
            ) : null}
            <span>{t('pageOf', { page, pages: lastPage, total: log.totalCount })}</span>
            {page < lastPage ? (
              <Link className={buttonClasses('secondary', 'sm')} href={pageHref(page + 1)}>
                {t('next')}
              </Link>
            ) : null}
          </nav>
        </>
      )}
    </div>
  );
}

/** Each record id of a row links to that record's page (ERP codes of failed items stay plain text). */
function TargetLinks({ entry, ids, label }: { entry: AuditEntryView; ids: string[]; label: (id: string) => string }) {
  const type = entry.recordType;
  return (
    <span className="flex flex-wrap gap-x-2">
      {ids.map((id) =>
        type && /^[1-9][0-9]*$/.test(id) ? (
          // At least 24 × 24 px: a short id alone is too small a target (WCAG 2.5.8, axe target-size).
          <Link
            key={id}
            href={`/${type}/${id}`}
            aria-label={label(id)}
            className="inline-flex min-h-6 min-w-6 items-center justify-center text-blue-700 underline underline-offset-2 dark:text-blue-400"
          >
            {id}
          </Link>
        ) : (
          <span key={id}>{id}</span>
        ),
      )}
    </span>
  );
}
