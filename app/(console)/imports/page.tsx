import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { Badge } from '@/components/ui/badge';
import { LinkButton } from '@/components/ui/link-button';
import { FAMILY_NAMES, isFamilyName } from '@/lib/csv/families';
import { can } from '@/lib/contract/roles';
import { getCurrentUser } from '@/lib/server/auth/session';
import { HISTORY_STATES, importPeople, listImports, type HistoryState } from '@/lib/server/imports';
import { plainSpaces } from '@/lib/i18n/formats';
import { HistoryFilters } from './_components/history-filters';

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('imports');
  return { title: t('title') };
}

const JOB_STATES = ['uploading', 'abandoned', 'planning', 'running', 'succeeded', 'failed', 'cancelled'] as const;

function jobStateOf(imp: { state: string; jobState: string | null }): (typeof JOB_STATES)[number] {
  if (imp.state === 'uploading' || imp.state === 'abandoned') return imp.state;
  return JOB_STATES.find((s) => s === imp.jobState) ?? 'succeeded';
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export default async function ImportsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // Checked here, not only in the layout: an RSC or prefetch request can render this page on its own.
  const user = await getCurrentUser();
  if (!user) redirect('/sign-in?next=/imports');
  if (!can(user.role, 'runImports')) notFound();
  const t = await getTranslations('imports');
  const format = await getFormatter();
  const tw = await getTranslations('workbench');
  const query = await searchParams;
  const family = one(query.family);
  const state = one(query.state);
  const person = one(query.by);
  const filters = {
    family: isFamilyName(family) ? family : undefined,
    state: (HISTORY_STATES as readonly string[]).includes(state) ? (state as HistoryState) : undefined,
    createdByEmail: person || undefined,
  };
  const [imports, people] = await Promise.all([listImports(filters), importPeople()]);
  const filtered = Boolean(filters.family || filters.state || filters.createdByEmail);

  return (
    <div className="space-y-4">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{t('title')}</h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('intro')}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <LinkButton href="/imports/sync" variant="secondary">
            {tw('syncOpenLink')}
          </LinkButton>
          <LinkButton href="/imports/new" variant="primary">
            {t('new')}
          </LinkButton>
        </div>
      </header>
      <HistoryFilters
        families={FAMILY_NAMES.map((f) => ({ value: f, label: t(`families.${f}`) }))}
        states={HISTORY_STATES.map((s) => ({ value: s, label: tw(`historyStates.${s}`) }))}
        people={people}
        value={{ family: filters.family ?? '', state: filters.state ?? '', by: filters.createdByEmail ?? '' }}
      />
      {imports.length === 0 ? (
        <p role="status" className="rounded-md border border-dashed border-zinc-300 px-4 py-8 text-center text-sm dark:border-zinc-700">
          {filtered ? tw('historyNone') : t('empty')}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('listCaption')}</caption>
            <thead className="bg-zinc-50 text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">{t('columns.import')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('columns.family')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('columns.file')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('columns.rows')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('columns.succeeded')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('columns.notSucceeded')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{tw('attempts')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('columns.state')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('columns.by')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('columns.when')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {imports.map((imp) => (
                <tr key={imp.id}>
                  <td className="px-3 py-2">
                    <Link className="underline" href={`/imports/${imp.id}`}>
                      {t('importTitle', { id: imp.id })}
                    </Link>
                  </td>
                  <td className="px-3 py-2">{t(`families.${imp.family}`)}</td>
                  <td className="px-3 py-2">{imp.fileName}</td>
                  <td className="px-3 py-2 tabular-nums">{imp.totalRows}</td>
                  <td className="px-3 py-2 tabular-nums">{imp.succeeded}</td>
                  <td className="px-3 py-2">
                    <span className="tabular-nums">{imp.notSucceeded}</span>
                    {imp.notSucceeded ? (
                      <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                        {tw('historyCounts', { failed: imp.counts.failed, unknown: imp.counts.unknown, notSent: imp.counts.not_sent })}
                      </span>
                    ) : null}
                    {imp.counts.skipped ? <span className="block text-xs text-zinc-600 dark:text-zinc-400">{tw('historySkipped', { count: imp.counts.skipped })}</span> : null}
                  </td>
                  <td className="px-3 py-2 tabular-nums">{imp.attempts}</td>
                  <td className="px-3 py-2">
                    <Badge>{t(`jobState.${jobStateOf(imp)}`)}</Badge>
                  </td>
                  <td className="px-3 py-2">{imp.createdByEmail}</td>
                  <td className="whitespace-nowrap px-3 py-2">
                    <time dateTime={imp.createdAt}>{plainSpaces(format.dateTime(new Date(imp.createdAt), 'dateTime'))}</time>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
