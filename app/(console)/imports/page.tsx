import Link from 'next/link';
import { getFormatter, getTranslations } from 'next-intl/server';
import { Badge } from '@/components/ui/badge';
import { LinkButton } from '@/components/ui/link-button';
import { finishedWords } from '@/lib/client/imports/result-words';
import { FAMILY_NAMES, isFamilyName } from '@/lib/imports/families';
import { requireUser } from '@/lib/server/auth/page';
import { HISTORY_STATES, importPeople, listImports, type HistoryState } from '@/lib/server/imports';
import { plainSpaces } from '@/lib/i18n/formats';
import { HistoryFilters } from './_components/history-filters';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TBody, Td, THead, Tr } from '@/components/ui/table';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { offersRevert } from '@/lib/contract/console/reverts';

export const dynamic = 'force-dynamic';

export const generateMetadata = titleMetadata('imports');

const JOB_STATES = ['uploading', 'abandoned', 'planning', 'running', 'succeeded', 'failed', 'cancelled'] as const;

function jobStateOf(imp: { state: string; jobState: string | null }): (typeof JOB_STATES)[number] {
  if (imp.state === 'uploading' || imp.state === 'abandoned') return imp.state;
  return JOB_STATES.find((s) => s === imp.jobState) ?? 'succeeded';
}

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value) ?? '';

export default async function ImportsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  // Checked here, not only in the layout: an RSC or prefetch request can render this page on its own.
  await requireUser('/imports', 'runImports');
  const t = await getTranslations('imports');
  const format = await getFormatter();
  const tw = await getTranslations('workbench');
  const tr = await getTranslations('resultWords');
  const trj = await getTranslations('rejections');
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
  // An ended import says what did not go through beside "Finished", as its results page does.
  const stateWords = (imp: (typeof imports)[number]) => {
    const state = jobStateOf(imp);
    if (state !== 'succeeded') return t(`jobState.${state}`);
    const words = finishedWords(imp.counts, imp.mispredicted);
    return t(words.key, words.values as Parameters<typeof t>[1]);
  };
  const filtered = Boolean(filters.family || filters.state || filters.createdByEmail);

  return (
    <div className="space-y-4">
      <PageHeader
        title={t('title')}
        intro={t('intro')}
        actions={
          <>
            <LinkButton href="/imports/rejections" variant="secondary">
              {trj('title')}
            </LinkButton>
            <LinkButton href="/imports/sync" variant="secondary">
              {tw('syncOpenLink')}
            </LinkButton>
            <LinkButton href="/imports/new" variant="primary">
              {t('new')}
            </LinkButton>
          </>
        }
      />
      <HistoryFilters
        families={FAMILY_NAMES.map((f) => ({ value: f, label: t(`families.${f}`) }))}
        states={HISTORY_STATES.map((s) => ({ value: s, label: tw(`historyStates.${s}`) }))}
        people={people}
        value={{ family: filters.family ?? '', state: filters.state ?? '', by: filters.createdByEmail ?? '' }}
      />
      {imports.length === 0 ? (
        <p
          role="status"
          className="rounded-md border border-dashed border-zinc-300 px-4 py-8 text-center text-sm dark:border-zinc-700"
        >
          {filtered ? tw('historyNone') : t('empty')}
        </p>
      ) : (
        <Table caption={t('listCaption')} stickyFirst>
          <THead
            // keep-all: a Chinese header wraps between words (at 、 or a space), never one character a line.
            columns={[
              t('columns.import'),
              t('columns.family'),
              t('columns.file'),
              t('columns.rows'),
              t('columns.succeeded'),
              t('columns.notSucceeded'),
              tw('attempts'),
              t('columns.state'),
              t('columns.by'),
              t('columns.when'),
            ].map((label) => ({ label, className: 'break-keep' }))}
          />
          <TBody>
            {imports.map((imp) => (
              <Tr key={imp.id}>
                <Td>
                  {/* Both links at least 24 px high: stacked in one cell, they are each other's closest targets. */}
                  <Link
                    className="inline-flex min-h-6 items-center whitespace-nowrap underline"
                    href={`/imports/${imp.id}`}
                  >
                    {t('importTitle', { id: imp.id })}
                  </Link>
                  {/* "Revert this import", named by its import for a screen reader's list of links. */}
                  {offersRevert(imp) &&
                  !['running', 'planning'].includes(imp.jobState ?? '') &&
                  imp.state !== 'uploading' ? (
                    <Link
                      className="flex min-h-6 items-center text-xs whitespace-nowrap underline"
                      href={`/imports/${imp.id}/revert`}
                      aria-label={t(imp.origin === 'bulk' ? 'revert.actionForBulk' : 'revert.actionFor', {
                        id: imp.id,
                      })}
                    >
                      {t(imp.origin === 'bulk' ? 'revert.actionBulk' : 'revert.action')}
                    </Link>
                  ) : null}
                </Td>
                <Td className="whitespace-nowrap">{t(`families.${imp.family}`)}</Td>
                <Td>{imp.fileName}</Td>
                <Td className="tabular-nums">{imp.totalRows}</Td>
                <Td className="tabular-nums">{imp.succeeded}</Td>
                <Td>
                  <span className="tabular-nums">{imp.notSucceeded}</span>
                  {imp.notSucceeded ? (
                    <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                      {tw('historyCounts', {
                        failed: imp.counts.failed,
                        unknown: imp.counts.unknown,
                        notSent: imp.counts.not_sent,
                      })}
                    </span>
                  ) : null}
                  {imp.counts.proposed ? (
                    <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                      {tr('sentForApprovalCount', { count: imp.counts.proposed })}
                    </span>
                  ) : null}
                  {imp.counts.skipped ? (
                    <span className="block text-xs text-zinc-600 dark:text-zinc-400">
                      {tr('unchangedCount', { count: imp.counts.skipped })}
                    </span>
                  ) : null}
                </Td>
                <Td className="tabular-nums">{imp.attempts}</Td>
                <Td>
                  <Badge>{stateWords(imp)}</Badge>
                </Td>
                <Td className="min-w-36 [overflow-wrap:anywhere]">{imp.createdByEmail}</Td>
                <Td>
                  {/* The date over the time, so the list fits 1280 px in Chinese too. */}
                  <time dateTime={imp.createdAt} className="whitespace-nowrap">
                    <span className="block">{plainSpaces(format.dateTime(new Date(imp.createdAt), 'date'))}</span>
                    <span className="block text-xs">
                      {plainSpaces(format.dateTime(new Date(imp.createdAt), 'time'))}
                    </span>
                  </time>
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      )}
    </div>
  );
}
