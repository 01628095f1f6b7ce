import Link from 'next/link';
import { getTimeZone, getTranslations } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button';
import { AUDIT_FAMILIES, RECORD_TYPES } from '@/lib/contract/history';
import { listAuditGroups } from '@/lib/server/audit';
import { AUDIT_PAGE_SIZE_DEFAULT, auditFilterChoices, operationChoice } from '@/lib/server/audit';
import { auditFiltersFrom } from '@/lib/server/audit';
import { anyRecordFilter } from '@/lib/server/audit';
import { recordNames } from '@/lib/server/audit';
import { auditRetentionJob, startRetentionIfDue } from '@/lib/server/audit';
import { latestJob, startJob } from '@/lib/server/jobs';
import { AuditFilter, AUDIT_CONTROL } from './_components/audit-filter';
import { AuditRow } from './_components/audit-row';
import { whatText } from './_components/what-text';
import { requireUser } from '@/lib/server/auth/page';
import { can } from '@/lib/contract/roles';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TBody, THead } from '@/components/ui/table';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { serverContext } from '@/lib/server/console-api';

export const dynamic = 'force-dynamic';
// No loading.tsx beside this page on purpose: a Suspense boundary would start streaming a 200 before the
// role check, and a non-admin must get a real 404.

const AUDIT_RESULTS = ['applied', 'refused', 'unknown'] as const;

export const generateMetadata = titleMetadata('audit');

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) || undefined;

function pageParam(value: string | string[] | undefined): number {
  const text = Array.isArray(value) ? value[0] : value;
  const n = text && /^\d{1,7}$/.test(text) ? Number(text) : 1;
  return n >= 1 ? n : 1;
}

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // Checked here, not only in the layout: an RSC or prefetch request can render this page on its own.
  const user = await requireUser('/audit', 'readAudit');

  const t = await getTranslations('audit');
  const th = await getTranslations('history');
  const ta = await getTranslations('attention');
  const params = await searchParams;
  const page = pageParam(params.page);
  const filters = auditFiltersFrom(params, await getTimeZone());
  const context = serverContext();
  const db = await context.consoleDb();
  const { env } = context;
  // "Record id or ERP code" works alone too: the record is looked for in every family.
  const record = await anyRecordFilter(
    { db, upstream: () => context.upstream, mirror: env.mirror.enabled },
    first(params.recordType),
    first(params.record),
  );
  if (record) filters.record = record.matches;
  const retentionDays = env.audit.retentionDays;
  // The retention job runs in the background at most once a day; looking at the log is one of its triggers.
  void startRetentionIfDue(retentionDays, {
    latest: () => latestJob(auditRetentionJob),
    start: (p) => startJob(auditRetentionJob, { params: p, createdBy: user.id }),
  }).catch(() => {});
  const [log, choices] = await Promise.all([
    listAuditGroups(db, { page, pageSize: AUDIT_PAGE_SIZE_DEFAULT, filters }),
    auditFilterChoices(db),
  ]);
  const names = await recordNames(
    db,
    log.groups.flatMap((g) =>
      g.importId
        ? []
        : g.entries.flatMap((e) =>
            e.recordType ? e.targetIds.slice(0, 10).map((id) => ({ type: e.recordType!, id })) : [],
          ),
    ),
    // Without the mirror, the page's records are named by live reads.
    env.mirror.enabled ? undefined : context.upstream,
  );
  const lastPage = Math.max(log.totalPages, 1);
  const text = (key: string) => {
    const v = params[key];
    return (Array.isArray(v) ? v[0] : v) ?? '';
  };
  const kept = new URLSearchParams();
  for (const key of ['person', 'family', 'operation', 'result', 'recordType', 'record', 'from', 'to'])
    if (text(key)) kept.set(key, text(key));
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
            <a
              className={buttonClasses('secondary', 'sm')}
              href={`/api/audit/export?kind=audit&format=xlsx&${range.toString()}`}
              download
            >
              {t('exportAuditXlsx')}
            </a>
            <a
              className={buttonClasses('secondary', 'sm')}
              href={`/api/audit/export?kind=audit&${range.toString()}`}
              download
            >
              {t('exportAudit')}
            </a>
            <a
              className={buttonClasses('secondary', 'sm')}
              href={`/api/audit/export?kind=history&format=xlsx&${range.toString()}`}
              download
            >
              {t('exportHistoryXlsx')}
            </a>
            <a
              className={buttonClasses('secondary', 'sm')}
              href={`/api/audit/export?kind=history&${range.toString()}`}
              download
            >
              {t('exportHistory')}
            </a>
          </>
        }
      />

      <form method="get" action="/audit" className="flex flex-wrap items-end gap-3" aria-label={t('filters')}>
        {[
          { label: t('filterPerson'), name: 'person', options: choices.people.map((p) => ({ value: p, label: p })) },
          {
            label: t('filterFamily'),
            name: 'family',
            options: AUDIT_FAMILIES.map((f) => ({ value: f, label: t(`families.${f}`) })),
          },
          {
            label: t('operation'),
            name: 'operation',
            options: choices.operations
              .map((o) => ({ value: o, label: whatText(operationChoice(o), t, th, ta) }))
              .sort((a, b) => a.label.localeCompare(b.label)),
          },
          {
            label: t('outcome'),
            name: 'result',
            options: AUDIT_RESULTS.map((r) => ({ value: r, label: t(`results.${r}`) })),
          },
          {
            label: t('filterRecordType'),
            name: 'recordType',
            options: RECORD_TYPES.map((r) => ({ value: r, label: t(`recordTypes.${r}`) })),
          },
        ].map((filter) => (
          <AuditFilter key={filter.name} {...filter} value={text(filter.name)} anyLabel={t('any')} />
        ))}
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
        <p
          role="status"
          className="rounded-md border border-dashed border-zinc-300 px-4 py-8 text-center text-sm dark:border-zinc-700"
        >
          {record
            ? t(record.found ? 'recordNoEntries' : 'recordNothing', { value: text('record').trim() })
            : filtered
              ? t('emptyFiltered')
              : t('empty')}
        </p>
      ) : (
        <>
          <Table caption={t('caption')} stickyFirst>
            <THead columns={[t('when'), t('who'), t('operation'), t('targets'), t('outcome'), t('details')]} />
            <TBody>
              {log.groups.map((group) => (
                <AuditRow key={group.key} group={group} names={names} canRevert={can(user.role, 'runImports')} />
              ))}
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
