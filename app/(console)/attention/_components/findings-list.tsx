'use client';

import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { startTransition } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import type { ListColumnDef } from '@/components/data-table/table-features';
import { useIsClient } from '@/components/data-table/use-is-client';
import { useCurrentUser } from '@/components/session/current-user';
import { cn, focusRing } from '@/components/ui/cn';
import { useFindings } from '@/lib/client/attention';
import type { Finding, RuleId } from '@/lib/contract/attention';
import { can } from '@/lib/contract/roles';
import { FINDINGS_PAGE_SIZES } from '@/lib/contract/console/attention';
import { plainSpaces } from '@/lib/i18n/formats';
import { AcceptedLine } from '@/components/attention/accepted-line';
import { CheckedLine } from '@/components/attention/checked-lines';
import { FindingActions } from '@/components/attention/finding-actions';
import {
  findingsSearch,
  parseFindingsQuery,
  SHOWN_STATES,
  type FindingsUrlState,
} from '@/components/attention/findings-query';
import { FindingValues } from '@/components/attention/finding-values';
import { useSeparators } from '@/lib/i18n/use-separators';

const link = cn('text-blue-700 underline underline-offset-2 dark:text-blue-400', focusRing);

/**
 * A rule's findings as a list page: open ones or accepted ones (the URL says which, and the page), each with the
 * record, the values the rule found, when it was first seen, the fix, and accept or reopen for those who may.
 */
export function FindingsList({ rule }: { rule: RuleId }) {
  const t = useTranslations('attention');
  const h = useTranslations('home');
  const marks = useSeparators();
  const format = useFormatter();
  const user = useCurrentUser();
  const router = useRouter();
  const pathname = usePathname();
  const query = parseFindingsQuery(new URLSearchParams(useSearchParams().toString()));
  const findings = useFindings(rule, query);
  const data = findings.data;
  const mayAccept = data?.mayAccept ?? false;
  const isClient = useIsClient();
  const when = (iso: string) => plainSpaces(format.dateTime(new Date(iso), 'dateTime'));
  const go = (next: FindingsUrlState) =>
    startTransition(() => router.push(`${pathname}${findingsSearch(next)}`, { scroll: false }));

  const columns: ListColumnDef<Finding>[] = [
    {
      id: 'record',
      header: () => h('record'),
      // The code links to the record; its name under it, so the fix stays in view at 1280 px.
      cell: ({ row }) => (
        <div className="max-w-64 whitespace-normal">
          <Link href={row.original.record.href} className={link}>
            {row.original.record.code || `#${row.original.record.id}`}
          </Link>
          {row.original.record.name ? (
            <span className="block text-xs text-zinc-600 dark:text-zinc-400">{row.original.record.name}</span>
          ) : null}
        </div>
      ),
    },
    { id: 'values', header: () => t('values'), cell: ({ row }) => <FindingValues finding={row.original} /> },
    { id: 'firstSeen', header: () => t('firstSeen'), cell: ({ row }) => when(row.original.firstSeenAt) },
    ...(query.state === 'accepted'
      ? [
          {
            id: 'accepted',
            header: () => t('state.accepted'),
            cell: ({ row }: { row: { original: Finding } }) =>
              row.original.accepted ? (
                <p className="max-w-xs text-sm whitespace-normal">
                  <AcceptedLine accepted={row.original.accepted} />
                </p>
              ) : null,
          },
        ]
      : []),
    // A role that may not edit is offered no fix (FindingActions), so it gets no column of empty cells either.
    ...(can(user.role, 'editMasterData')
      ? [
          {
            id: 'actions',
            header: () => t('fix'),
            cell: ({ row }: { row: { original: Finding } }) => (
              <FindingActions finding={row.original} mayAccept={mayAccept} />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="space-y-3">
      <nav aria-label={h('states')} className="flex gap-1 border-b border-zinc-200 dark:border-zinc-800">
        {SHOWN_STATES.map((state) => (
          <Link
            key={state}
            href={`${pathname}${findingsSearch({ ...query, state, page: 1 })}`}
            aria-current={query.state === state ? 'page' : undefined}
            className={cn(
              'border-b-2 px-3 py-2 text-sm font-medium',
              query.state === state
                ? 'border-blue-700 text-blue-800 dark:border-blue-400 dark:text-blue-300'
                : 'border-transparent hover:border-zinc-300',
              focusRing,
            )}
          >
            {t(`state.${state}`)}
          </Link>
        ))}
      </nav>
      <DataTable
        tableId={`attention-${rule}`}
        userId={user.id}
        caption={t(`rules.${rule}.title`)}
        columns={columns}
        rows={data?.rows}
        getRowId={(row) => row.id}
        totalCount={data?.total}
        totalPages={data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : undefined}
        page={query.page}
        pageSize={query.pageSize}
        pageSizes={FINDINGS_PAGE_SIZES}
        onPageChange={(page) => go({ ...query, page })}
        onPageSizeChange={(pageSize) => go({ ...query, pageSize, page: 1 })}
        isPending={findings.isPending}
        isFetching={findings.isFetching}
        error={findings.error}
        onRetry={() => void findings.refetch()}
        emptyMessage={query.state === 'open' ? h('noneOpen') : h('noneAccepted')}
        // Below 640 px each finding is a card: as a table its values and fix ran off a phone's screen.
        cards={
          data && data.rows.length > 0 ? (
            <ul aria-label={t('cardsLabel', { rule: t(`rules.${rule}.title`) })} className="space-y-2">
              {data.rows.map((finding) => (
                <li
                  key={finding.id}
                  className="space-y-2 rounded-lg border border-zinc-200 p-3 text-sm dark:border-zinc-800"
                >
                  <div>
                    <Link href={finding.record.href} className={cn(link, 'font-medium')}>
                      {finding.record.code || `#${finding.record.id}`}
                    </Link>
                    {finding.record.name ? (
                      <span className="block text-xs text-zinc-600 dark:text-zinc-400">{finding.record.name}</span>
                    ) : null}
                  </div>
                  <FindingValues finding={finding} />
                  <p className="text-xs text-zinc-600 dark:text-zinc-400">
                    {marks.labelled(t('firstSeen'))}
                    {when(finding.firstSeenAt)}
                  </p>
                  {finding.accepted ? (
                    <p className="text-sm">
                      <AcceptedLine accepted={finding.accepted} />
                    </p>
                  ) : null}
                  <FindingActions finding={finding} mayAccept={mayAccept} />
                </li>
              ))}
            </ul>
          ) : undefined
        }
        footnote={
          // "checked 40 seconds ago" after hydration only: the server's clock and the browser's differ.
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {data && isClient ? <CheckedLine checked={data.checked} now={new Date()} clear={false} /> : null}
          </p>
        }
      />
    </div>
  );
}
