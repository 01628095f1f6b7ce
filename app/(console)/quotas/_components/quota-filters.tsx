import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { buttonClasses } from '@/components/ui/button';
import { FilterSheet } from '@/components/data-table/filter-sheet';
import type { QuotaQuery } from '@/lib/server/quotas';
import { quotaHref } from '@/lib/server/quotas';

const control =
  'h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm dark:border-zinc-700 dark:bg-zinc-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';

/** The columns the dashboard sorts by, as its headers name them (lib/server/quotas' CREDIT_SORTS, POINT_SORTS). */
const SORTS = {
  credit: [
    'code',
    'name',
    'creditAmount',
    'pendingAmount',
    'availableAmount',
    'utilisation',
    'enabled',
    'memo',
    'readAt',
  ],
  points: ['code', 'name', 'balance', 'enabled', 'memo', 'readAt'],
} as const;

/**
 * The dashboard filters as a plain GET form: applying them is a navigation, so the filters are in the URL
 * (shareable, the back button works) and the page reads them on the server. Works without JavaScript. Below
 * 640 px the same form opens in a sheet, with the sort the headers set on a wider screen, from a button that
 * counts the filters on.
 */
export async function QuotaFilters({ query }: { query: QuotaQuery }) {
  const t = await getTranslations('quotas.filters');
  const f = query.filters;
  const count = [f.q, f.enabled, f.minUtilisation, f.overLimit || undefined].filter((v) => v !== undefined).length;
  return (
    <section aria-labelledby="quota-filters" className="space-y-2">
      <h2 id="quota-filters" className="sr-only">
        {t('heading')}
      </h2>
      {f.companyId !== undefined ? (
        <p role="status" className="text-sm">
          {t('company')}{' '}
          <Link
            className="text-blue-700 underline dark:text-blue-400"
            href={quotaHref(query, { company: undefined, page: undefined })}
          >
            {t('allCompanies')}
          </Link>
        </p>
      ) : null}
      <div className="max-sm:hidden">
        <FilterForm query={query} prefix="quota" />
      </div>
      <FilterSheet count={count} footer={false}>
        <FilterForm query={query} prefix="quota-sheet" withSort />
      </FilterSheet>
    </section>
  );
}

async function FilterForm({ query, prefix, withSort }: { query: QuotaQuery; prefix: string; withSort?: boolean }) {
  const t = await getTranslations('quotas.filters');
  const tq = await getTranslations('quotas');
  const td = await getTranslations('dataTable');
  const f = query.filters;
  const enabled = f.enabled === undefined ? '' : f.enabled ? 'yes' : 'no';
  const sortLabel = (key: string) =>
    key === 'balance' || (key === 'enabled' && query.tab === 'points') ? tq(`points.${key}`) : tq(`credit.${key}`);
  return (
    <form method="get" action="/quotas" className="flex flex-wrap items-end gap-3">
      {query.tab !== 'credit' ? <input type="hidden" name="tab" value={query.tab} /> : null}
      {f.companyId !== undefined ? <input type="hidden" name="company" value={f.companyId} /> : null}
      {withSort ? (
        <div className="grid w-full grid-cols-2 gap-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${prefix}-sort`} className="text-sm font-medium">
              {td('sortBy')}
            </label>
            <select id={`${prefix}-sort`} name="sort" defaultValue={query.sort} className={control}>
              {SORTS[query.tab].map((key) => (
                <option key={key} value={key}>
                  {sortLabel(key)}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${prefix}-dir`} className="text-sm font-medium">
              {td('sortDirection')}
            </label>
            <select id={`${prefix}-dir`} name="dir" defaultValue={query.dir} className={control}>
              <option value="asc">{td('sortAsc')}</option>
              <option value="desc">{td('sortDesc')}</option>
            </select>
          </div>
        </div>
      ) : (
        <>
          <input type="hidden" name="sort" value={query.sort} />
          <input type="hidden" name="dir" value={query.dir} />
        </>
      )}
      {query.pageSize !== 25 ? <input type="hidden" name="pageSize" value={query.pageSize} /> : null}
      <div className="flex flex-col gap-1">
        <label htmlFor={`${prefix}-q`} className="text-sm font-medium">
          {t('search')}
        </label>
        <input id={`${prefix}-q`} name="q" type="search" defaultValue={f.q ?? ''} className={control} />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${prefix}-enabled`} className="text-sm font-medium">
          {t('enabled')}
        </label>
        <select id={`${prefix}-enabled`} name="enabled" defaultValue={enabled} className={control}>
          <option value="">{t('any')}</option>
          <option value="yes">{t('yes')}</option>
          <option value="no">{t('no')}</option>
        </select>
      </div>
      {query.tab === 'credit' ? (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${prefix}-min-util`} className="text-sm font-medium">
              {t('minUtilisation')}
            </label>
            <input
              id={`${prefix}-min-util`}
              name="minUtil"
              type="number"
              min={0}
              step="any"
              defaultValue={f.minUtilisation === undefined ? '' : Math.round(f.minUtilisation * 10000) / 100}
              className={`${control} w-28`}
            />
          </div>
          <label className="flex h-9 items-center gap-2 text-sm">
            <input type="checkbox" name="over" value="1" defaultChecked={f.overLimit === true} className="size-6" />
            {t('overLimit')}
          </label>
        </>
      ) : null}
      <button type="submit" className={buttonClasses('secondary', 'md')}>
        {t('apply')}
      </button>
      <Link href={quotaHref({ ...query, filters: {}, page: 1 })} className={buttonClasses('ghost', 'md')}>
        {t('clear')}
      </Link>
    </form>
  );
}
