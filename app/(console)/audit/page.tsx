import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { getFormatter, getTimeZone, getTranslations } from 'next-intl/server';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { can } from '@/lib/contract/roles';
import { AUDIT_PAGE_SIZE_DEFAULT, auditFilterChoices, listAudit, type AuditEntryView } from '@/lib/server/audit/audit-log';
import { auditFiltersFrom } from '@/lib/server/audit/audit-filters';
import { getCurrentUser } from '@/lib/server/auth/session';
import { getConsoleDb } from '@/lib/server/db';
import { plainSpaces } from '@/lib/i18n/formats';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';

export const dynamic = 'force-dynamic';
// No loading.tsx beside this page on purpose: a Suspense boundary would start streaming a 200 before the
// role check, and a non-admin must get a real 404.

/** Target ids shown per row; the rest are counted. */
const TARGETS_SHOWN = 10;

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('audit');
  return { title: t('title') };
}

function pageParam(value: string | string[] | undefined): number {
  const text = Array.isArray(value) ? value[0] : value;
  const n = text && /^\d{1,7}$/.test(text) ? Number(text) : 1;
  return n >= 1 ? n : 1;
}

export default async function AuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // Checked here, not only in the layout: an RSC or prefetch request can render this page on its own.
  const user = await getCurrentUser();
  if (!user) redirect('/sign-in?next=/audit');
  if (!can(user.role, 'readAudit')) notFound();

  const t = await getTranslations('audit');
  const format = await getFormatter();
  const params = await searchParams;
  const page = pageParam(params.page);
  const filters = auditFiltersFrom(params, await getTimeZone());
  const db = await getConsoleDb();
  const [log, choices] = await Promise.all([listAudit(db, { page, pageSize: AUDIT_PAGE_SIZE_DEFAULT, filters }), auditFilterChoices(db)]);
  const lastPage = Math.max(log.totalPages, 1);
  const text = (key: string) => {
    const v = params[key];
    return (Array.isArray(v) ? v[0] : v) ?? '';
  };
  const kept = new URLSearchParams();
  for (const key of ['person', 'operation', 'result', 'from', 'to']) if (text(key)) kept.set(key, text(key));
  const pageHref = (n: number) => {
    const q = new URLSearchParams(kept);
    q.set('page', String(n));
    return `/audit?${q.toString()}`;
  };
  const filtered = kept.size > 0;
  const control = 'mt-1 block rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-900';

  return (
    <div className="space-y-4">
      <PageHeader title={t('title')} intro={t('intro')} />

      <form method="get" action="/audit" className="flex flex-wrap items-end gap-3" aria-label={t('filters')}>
        <label className="text-sm">
          {t('filterPerson')}
          <select name="person" defaultValue={text('person')} className={control}>
            <option value="">{t('any')}</option>
            {choices.people.map((p) => (
              <option key={p} value={p}>{p}</option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          {t('operation')}
          <select name="operation" defaultValue={text('operation')} className={control}>
            <option value="">{t('any')}</option>
            {choices.operations.map((o) => (
              <option key={o} value={o}>{o}</option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          {t('outcome')}
          <select name="result" defaultValue={text('result')} className={control}>
            <option value="">{t('any')}</option>
            {(['applied', 'refused', 'unknown'] as const).map((r) => (
              <option key={r} value={r}>{t(`results.${r}`)}</option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          {t('filterFrom')}
          <input type="date" name="from" defaultValue={text('from')} className={control} />
        </label>
        <label className="text-sm">
          {t('filterTo')}
          <input type="date" name="to" defaultValue={text('to')} className={control} />
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
            <THead>
              <Tr>
                <Th>{t('when')}</Th>
                <Th>{t('who')}</Th>
                <Th>{t('operation')}</Th>
                <Th>{t('targets')}</Th>
                <Th>{t('status')}</Th>
                <Th>{t('outcome')}</Th>
              </Tr>
            </THead>
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
                    <Td>{entry.userEmail}</Td>
                    <Td className="whitespace-nowrap">
                      <code>{entry.operation}</code>
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
                      {entry.outcome}
                      {entry.failedIds?.length ? <p className="text-xs">{t('failedIds', { ids: entry.failedIds.slice(0, TARGETS_SHOWN).join(', ') })}</p> : null}
                      {entry.unknownIds?.length ? <p className="text-xs">{t('unknownIds', { ids: entry.unknownIds.slice(0, TARGETS_SHOWN).join(', ') })}</p> : null}
                      {entry.changes?.length ? (
                        <ul className="mt-1 text-xs">
                          {entry.changes.map((c) => (
                            <li key={c.field}>
                              {c.secret
                                ? `${c.field}: ${t('secretChange')}`
                                : `${c.field}: ${'from' in c ? `${shownValue(c.from)} → ` : '→ '}${shownValue(c.to)}`}
                            </li>
                          ))}
                        </ul>
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

function shownValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '∅';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
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
