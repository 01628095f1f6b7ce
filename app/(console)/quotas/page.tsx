import Link from 'next/link';
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { formatNtd } from '@/lib/i18n/money';
import { buttonClasses } from '@/components/ui/button';
import { can } from '@/lib/contract/roles';
import { requireUser } from '@/lib/server/auth/page';
import { quotaStatus } from '@/lib/server/quotas';
import { readCreditCharts, readCreditPage, readPointPage, type QuotaQuery } from '@/lib/server/quotas';
import { parseQuotaQuery, quotaHref, QUOTA_PAGE_SIZES } from '@/lib/server/quotas';
import { quotaSource } from '@/lib/server/quotas';
import { waitingByCompany } from '@/lib/server/approvals';
import { CreditCharts } from './_components/credit-charts';
import { QuotaExport } from './_components/quota-export';
import { QuotaFilters } from './_components/quota-filters';
import { QuotaMirrorFreshness } from './_components/mirror-freshness';
import { QuotaTable, type SortHeader } from './_components/quota-table';
import type { CreditRow, PointRow } from '@/lib/contract/console/quotas';
import { RefreshPanel } from './_components/refresh-panel';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { serverContext } from '@/lib/server/console-api';

export const dynamic = 'force-dynamic';

export const generateMetadata = titleMetadata('quotas');

type Params = Promise<Record<string, string | string[] | undefined>>;

export default async function QuotasPage({ searchParams }: { searchParams: Params }) {
  const user = await requireUser('/quotas');
  const query = parseQuotaQuery(await searchParams);
  const canEdit = can(user.role, 'editQuota');
  const t = await getTranslations('quotas');
  const format = await getFormatter();
  const db = await serverContext().consoleDb();
  const { tenant } = serverContext();
  // MIRROR on and its quota copy complete: the rows are the mirror's; otherwise the refresh job's snapshot.
  const [status, { source, freshness }, open] = await Promise.all([
    quotaStatus(),
    quotaSource(db),
    waitingByCompany(db, tenant, query.tab),
  ]);
  // What waits for approval, beside the live values it leaves alone.
  const waiting = Object.fromEntries([...open].map(([companyId, p]) => [companyId, p.new.amount]));
  const emptyText = source === 'snapshot' && status.age.count === 0 ? t('table.emptySnapshot') : t('table.empty');
  const locale = await getLocale();
  // Credit totals are money (one NT$ format, lib/i18n/money); point totals are plain figures.
  const money = (n: number) => formatNtd(locale, n);
  const points = (n: number) => format.number(n, { maximumFractionDigits: 2 });

  const sortHeader = (key: string, label: string, numeric = false): SortHeader => {
    const current = query.sort === key;
    const dir = current ? (query.dir === 'asc' ? 'desc' : 'asc') : numeric ? 'desc' : 'asc';
    return {
      key,
      label,
      numeric,
      href: quotaHref(query, { sort: key, dir, page: undefined }),
      sort: current ? (query.dir === 'asc' ? 'ascending' : 'descending') : 'none',
    };
  };

  // Both tabs' columns: the company, the tab's own figures, then the memo and when the figures were read.
  const headers = (...figures: SortHeader[]): SortHeader[] => [
    sortHeader('code', t('credit.code')),
    sortHeader('name', t('credit.name')),
    ...figures,
    sortHeader('memo', t('credit.memo')),
    sortHeader('readAt', t('credit.readAt')),
  ];

  const search = quotaHref(query).replace(/^\/quotas/, '');
  let content: React.ReactNode;
  // The tab's rows and its own figures' columns (the table around them is the same for both).
  let rows: { tab: 'credit'; rows: CreditRow[] } | { tab: 'points'; rows: PointRow[] };
  let figures: SortHeader[];
  let charts: React.ReactNode = null;
  let total = 0;
  if (query.tab === 'credit') {
    const [page, chartsData] = await Promise.all([
      readCreditPage(db, tenant, query, source),
      readCreditCharts(db, tenant, query.filters, source),
    ]);
    total = page.total;
    content = (
      <>
        <p className="text-sm">
          <span className="font-medium">{t('credit.totalsLabel')}</span>
          {t('credit.totalsLine', {
            count: page.total,
            credit: money(page.totals.creditAmount),
            pending: money(page.totals.pendingAmount),
            available: money(page.totals.availableAmount),
            over: page.totals.overLimit,
            off: page.totals.overLimitControlOff,
          })}
        </p>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('credit.enabledHelp')}</p>
      </>
    );
    if (page.total > 0) charts = <CreditCharts {...chartsData} />;
    rows = { tab: 'credit', rows: page.rows };
    figures = [
      sortHeader('creditAmount', t('credit.creditAmount'), true),
      sortHeader('pendingAmount', t('credit.pendingAmount'), true),
      sortHeader('availableAmount', t('credit.availableAmount'), true),
      sortHeader('utilisation', t('credit.utilisation'), true),
      sortHeader('enabled', t('credit.enabled')),
    ];
  } else {
    const page = await readPointPage(db, tenant, query, source);
    total = page.total;
    content = (
      <>
        <p className="rounded-md border border-blue-200 bg-blue-50 px-4 py-3 text-sm text-blue-950 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-100">
          {t('points.rule')}
        </p>
        <p className="text-sm">
          <span className="font-medium">{t('credit.totalsLabel')}</span>
          {t('points.totalsLine', { count: page.total, balance: points(page.totals.balance) })}
        </p>
      </>
    );
    rows = { tab: 'points', rows: page.rows };
    figures = [sortHeader('balance', t('points.balance'), true), sortHeader('enabled', t('points.enabled'))];
  }

  const tabLink = (tab: 'credit' | 'points', label: string) => (
    <Link
      href={quotaHref(
        { ...query, tab, sort: '', dir: tab === 'credit' ? 'asc' : 'desc', page: 1 },
        { sort: undefined, dir: undefined },
      )}
      aria-current={query.tab === tab ? 'page' : undefined}
      className={`border-b-2 px-3 py-2 text-sm font-medium ${query.tab === tab ? 'border-blue-700 text-blue-800 dark:border-blue-400 dark:text-blue-300' : 'border-transparent hover:border-zinc-300'}`}
    >
      {label}
    </Link>
  );

  // On a phone or a tablet the totals and the list come first and the charts (figure cards on a phone) after the
  // pages' links; from 1024 px the charts stay above the table.
  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t(freshness ? 'introMirror' : 'intro')}</p>
      </header>
      {freshness ? (
        <QuotaMirrorFreshness freshness={freshness} />
      ) : (
        <RefreshPanel key={`${status.job?.id ?? ''}-${status.age.newest ?? ''}`} initial={status} canCancel={canEdit} />
      )}
      <nav aria-label={t('tabs')} className="flex gap-1 border-b border-zinc-200 dark:border-zinc-800">
        {tabLink('credit', t('tabCredit'))}
        {tabLink('points', t('tabPoints'))}
      </nav>
      {/* On a phone the filters are one button: the export buttons share its line. */}
      <div className="flex flex-col gap-4 max-sm:flex-row max-sm:flex-wrap max-sm:items-center max-sm:justify-between">
        <QuotaFilters query={query} />
        {total > 0 ? (
          <div className="flex justify-end">
            <QuotaExport tab={query.tab} search={search} />
          </div>
        ) : null}
      </div>
      {content}
      {charts ? <div className="max-lg:order-last">{charts}</div> : null}
      <Rows query={query} total={total} empty={emptyText}>
        <QuotaTable {...rows} headers={headers(...figures)} canEdit={canEdit} waiting={waiting} />
      </Rows>
    </div>
  );
}

async function Rows({
  query,
  total,
  empty,
  children,
}: {
  query: QuotaQuery;
  total: number;
  empty: string;
  children: React.ReactNode;
}) {
  const t = await getTranslations('quotas.table');
  const ui = await getTranslations('ui');
  if (total === 0) {
    return (
      <p
        role="status"
        className="rounded-md border border-dashed border-zinc-300 px-4 py-8 text-center text-sm dark:border-zinc-700"
      >
        {empty}
      </p>
    );
  }
  const pages = Math.max(1, Math.ceil(total / query.pageSize));
  const page = Math.min(query.page, pages);
  return (
    <>
      {children}
      <nav aria-label={t('pagination')} className="flex flex-wrap items-center gap-3 text-sm">
        {page > 1 ? (
          <Link className={buttonClasses('secondary', 'sm')} href={quotaHref(query, { page: page - 1 })}>
            {t('previous')}
          </Link>
        ) : null}
        <span>{t('pageOf', { page, pages })}</span>
        {page < pages ? (
          <Link className={buttonClasses('secondary', 'sm')} href={quotaHref(query, { page: page + 1 })}>
            {t('next')}
          </Link>
        ) : null}
        <span className="ml-auto">{ui('labelled', { label: t('pageSize') })}</span>
        {QUOTA_PAGE_SIZES.map((size) => (
          <Link
            key={size}
            href={quotaHref(query, { pageSize: size === 25 ? undefined : size, page: undefined })}
            aria-current={query.pageSize === size ? 'true' : undefined}
            // A 24-px target at least: on a phone these sit alone, not inside a sentence.
            className={`inline-flex min-h-6 min-w-6 items-center justify-center ${query.pageSize === size ? 'font-semibold' : 'underline'}`}
          >
            {size}
          </Link>
        ))}
      </nav>
    </>
  );
}
