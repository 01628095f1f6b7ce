'use client';

import { useFormatter, useTranslations } from 'next-intl';
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { ListColumn } from '@/components/data-table/list-columns';
import type { CreditRow, PointRow } from '@/lib/contract/console/quotas';
import { plainSpaces } from '@/lib/i18n/formats';
import { useMoney } from '@/lib/i18n/use-money';
import { ClampedText } from './clamped-text';

export type Row = CreditRow | PointRow;

export interface SortHeader {
  key: string;
  label: string;
  href: string;
  sort: 'ascending' | 'descending' | 'none';
  numeric?: boolean;
}

/** A dashboard column: its cell on the card (`cell`), its cell in the table when that differs (`table`). */
export interface QuotaColumn extends ListColumn<Row> {
  table?: (row: Row) => ReactNode;
  tdClass?: string;
}

const over = (r: Row) => 'availableAmount' in r && r.availableAmount < 0;

/**
 * The dashboard's columns, once for the table and the cards below 640 px: the company's code and name, the
 * tab's figures (available credit and the over-limit flag on a credit card, the balance on a points card), then
 * the memo and when the row was read, which leave a narrowing table first. Labels are the sort headers' words.
 */
export function useQuotaColumns(
  tab: 'credit' | 'points',
  headers: readonly SortHeader[],
  waiting: Readonly<Record<number, number>> = {},
): QuotaColumn[] {
  const t = useTranslations('quotas');
  const ta = useTranslations('approvals');
  const format = useFormatter();
  const money = useMoney();
  const labelOf = (key: string) => headers.find((h) => h.key === key)?.label ?? key;
  const column = (id: string, rest: Omit<QuotaColumn, 'id' | 'label' | 'value'>): QuotaColumn => ({
    id,
    label: labelOf(id),
    value: () => null,
    ...rest,
  });
  // Beside the live value it leaves alone: the change a manager has yet to approve (issue 55 point 3). The words
  // above the amount, each free to wrap, so the line is never wider than the amount and the money column keeps
  // the 1280 px frame (in zh-TW the words have no space to wrap at).
  const waitingLine = (r: Row, figure: (n: number) => string) =>
    waiting[r.companyId] === undefined ? null : (
      <span
        data-note="waiting"
        className="mt-0.5 block text-xs font-medium whitespace-normal text-amber-800 dark:text-amber-300"
      >
        <span className="block">{ta('waitingLabel')}</span>{' '}
        <span className="block whitespace-nowrap">{figure(waiting[r.companyId]!)}</span>
      </span>
    );
  const company = [
    column('code', {
      card: 'title',
      tdClass: 'whitespace-nowrap',
      cell: (r) => (
        <Link
          href={`/companies/${r.companyId}`}
          className="font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
        >
          {r.code ?? '—'}
        </Link>
      ),
    }),
    column('name', {
      card: 'subtitle',
      cell: (r) => r.name ?? '—',
      table: (r) => <ClampedText text={r.name ?? '—'} className="max-w-[14rem] min-w-[6rem]" />,
    }),
  ];
  const after = [
    column('memo', {
      cell: (r) => r.memo ?? '',
      table: (r) => <ClampedText text={r.memo ?? ''} className="max-w-[12rem] min-w-[5rem]" />,
    }),
    column('readAt', { tdClass: 'whitespace-nowrap', cell: (r) => <ReadAt iso={r.readAt} /> }),
  ];
  if (tab === 'points') {
    return [
      ...company,
      column('balance', {
        numeric: true,
        card: 'figure',
        cell: (r) => (
          <>
            {format.number((r as PointRow).balance, { maximumFractionDigits: 4 })}
            {waitingLine(r, (n) => format.number(n, { maximumFractionDigits: 4 }))}
          </>
        ),
      }),
      column('enabled', {
        card: 'figure',
        tdClass: 'whitespace-nowrap',
        cell: (r) => (r.enabled ? t('yes') : t('no')),
      }),
      ...after,
    ];
  }
  const credit = (r: Row) => r as CreditRow;
  const flag = (
    <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs text-red-800 dark:bg-red-950 dark:text-red-200">
      {t('credit.overLimit')}
    </span>
  );
  const utilisation = (r: Row) =>
    credit(r).utilisation === null ? (
      <span className="break-keep whitespace-normal">{t('credit.noLimit')}</span>
    ) : (
      format.number(credit(r).utilisation!, { style: 'percent', maximumFractionDigits: 1 })
    );
  return [
    ...company,
    column('creditAmount', {
      numeric: true,
      priority: 2,
      cell: (r) => (
        <>
          {money(credit(r).creditAmount)}
          {waitingLine(r, money)}
        </>
      ),
    }),
    column('pendingAmount', { numeric: true, cell: (r) => money(credit(r).pendingAmount) }),
    column('availableAmount', {
      numeric: true,
      card: 'figure',
      cell: (r) => (
        <span className={over(r) ? 'font-medium text-red-700 dark:text-red-400' : undefined}>
          {money(credit(r).availableAmount)}
        </span>
      ),
    }),
    // The flag sits under the utilisation figure it explains: beside an amount it widened that column by its own
    // width, and under one it made a money cell two lines. "No limit set" may wrap at its spaces.
    column('utilisation', {
      numeric: true,
      priority: 1,
      card: 'figure',
      cell: utilisation,
      table: (r) => (
        <>
          {utilisation(r)}
          {over(r) ? <span className="mt-0.5 ml-auto block w-fit">{flag}</span> : null}
        </>
      ),
    }),
    // The card's badge: the table says it under the utilisation, so it is no header of its own.
    {
      id: 'overLimit',
      label: t('credit.overLimit'),
      value: () => null,
      card: 'badge',
      cell: (r) => (over(r) ? flag : null),
    },
    // "Not checked" may take two lines; a word never breaks (break-keep: 不檢查 stays whole).
    column('enabled', {
      tdClass: 'break-keep',
      cell: (r) => (r.enabled ? t('credit.checked') : t('credit.notChecked')),
    }),
    ...after,
  ];
}

/** When the row was read: the date over the time, so the column stays narrow; the whole stamp on hover. */
function ReadAt({ iso }: { iso: string }) {
  const t = useTranslations('quotas');
  const format = useFormatter();
  if (!iso) return <time dateTime="">{t('never')}</time>;
  const date = new Date(iso);
  return (
    <time dateTime={iso} title={plainSpaces(format.dateTime(date, 'dateTimeSeconds'))}>
      <span className="block">{plainSpaces(format.dateTime(date, 'date'))}</span>
      <span className="block">{plainSpaces(format.dateTime(date, 'timeSeconds'))}</span>
    </time>
  );
}
