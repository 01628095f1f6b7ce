'use client';

import { useFormatter, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState } from 'react';
import { Button, Checkbox } from '@/components/ui';
import type { CreditRow, PointRow } from '@/lib/contract/console/quotas';
import { EditDialog } from './edit-dialog';
import { useMoney } from '@/lib/i18n/use-money';
import { plainSpaces } from '@/lib/i18n/formats';

export interface SortHeader {
  key: string;
  label: string;
  href: string;
  sort: 'ascending' | 'descending' | 'none';
  numeric?: boolean;
}

type Props =
  | { tab: 'credit'; rows: CreditRow[]; headers: SortHeader[]; canEdit: boolean }
  | { tab: 'points'; rows: PointRow[]; headers: SortHeader[]; canEdit: boolean };

/** One dashboard page of rows: sortable headers (links, so the sort is in the URL), selection and edit. */
export function QuotaTable(props: Props) {
  const t = useTranslations('quotas');
  const format = useFormatter();
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<number[] | null>(null);
  const rows: (CreditRow | PointRow)[] = props.rows;
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.companyId));
  const amount = (n: number) => format.number(n, { maximumFractionDigits: 4 });
  const money = useMoney();
  const when = (iso: string) => (iso ? plainSpaces(format.dateTime(new Date(iso), 'dateTimeSeconds')) : t('never'));
  const label = (r: CreditRow | PointRow) => r.code ?? r.name ?? String(r.companyId);

  function toggle(id: number) {
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  const cell = 'px-3 py-2';
  return (
    <div className="space-y-2">
      {props.canEdit ? (
        <div className="flex min-h-9 flex-wrap items-center gap-3 text-sm">
          <span role="status">{t('table.selected', { count: selected.size })}</span>
          <Button size="sm" disabled={selected.size === 0} onClick={() => setEditing([...selected])}>
            {t('table.editSelected')}
          </Button>
        </div>
      ) : null}
      <div className="overflow-x-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{props.tab === 'credit' ? t('credit.caption') : t('points.caption')}</caption>
          <thead className="bg-zinc-50 text-zinc-700 dark:bg-zinc-900 dark:text-zinc-300">
            <tr>
              {props.canEdit ? (
                <th scope="col" className={cell}>
                  <Checkbox
                    aria-label={t('table.selectPage')}
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.companyId)))}
                  />
                </th>
              ) : null}
              {props.headers.map((h) => (
                <th key={h.key} scope="col" aria-sort={h.sort} className={`${cell} font-medium ${h.numeric ? 'text-right' : ''}`}>
                  <Link href={h.href} className="underline-offset-2 hover:underline">
                    {h.label}
                    {h.sort === 'ascending' ? ' ▲' : h.sort === 'descending' ? ' ▼' : ''}
                  </Link>
                </th>
              ))}
              {props.canEdit ? (
                <th scope="col" className={cell}>
                  <span className="sr-only">{t('table.edit')}</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {rows.map((r) => (
              <tr key={r.companyId}>
                {props.canEdit ? (
                  <td className={cell}>
                    <Checkbox aria-label={t('table.select', { name: label(r) })} checked={selected.has(r.companyId)} onChange={() => toggle(r.companyId)} />
                  </td>
                ) : null}
                <td className={cell}>
                  <Link href={`/companies/${r.companyId}`} className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-400">
                    {r.code ?? '—'}
                  </Link>
                </td>
                <td className={cell}>{r.name ?? '—'}</td>
                {props.tab === 'credit' ? (
                  <CreditCells row={r as CreditRow} amount={money} cell={cell} />
                ) : (
                  <>
                    <td className={`${cell} text-right tabular-nums`}>{amount((r as PointRow).balance)}</td>
                    <td className={cell}>{r.enabled ? t('yes') : t('no')}</td>
                  </>
                )}
                <td className={cell}>{(props.tab === 'credit' ? (r as CreditRow).memo : (r as PointRow).memo) ?? ''}</td>
                <td className={`${cell} whitespace-nowrap`}>
                  <time dateTime={r.readAt}>{when(r.readAt)}</time>
                </td>
                {props.canEdit ? (
                  <td className={cell}>
                    <Button size="sm" variant="secondary" onClick={() => setEditing([r.companyId])} aria-label={t('table.editOne', { name: label(r) })}>
                      {t('table.edit')}
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editing ? (
        <EditDialog
          tab={props.tab}
          companyIds={editing}
          names={new Map(rows.map((r) => [r.companyId, label(r)]))}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}

function CreditCells({ row, amount, cell }: { row: CreditRow; amount: (n: number) => string; cell: string }) {
  const t = useTranslations('quotas.credit');
  const format = useFormatter();
  const over = row.availableAmount < 0;
  return (
    <>
      <td className={`${cell} text-right tabular-nums`}>{amount(row.creditAmount)}</td>
      <td className={`${cell} text-right tabular-nums`}>{amount(row.pendingAmount)}</td>
      <td className={`${cell} text-right tabular-nums ${over ? 'font-medium text-red-700 dark:text-red-400' : ''}`}>
        {amount(row.availableAmount)}
        {over ? <span className="ml-2 whitespace-nowrap rounded bg-red-100 px-1.5 py-0.5 text-xs text-red-800 dark:bg-red-950 dark:text-red-200">{t('overLimit')}</span> : null}
      </td>
      <td className={`${cell} text-right tabular-nums`}>
        {row.utilisation === null ? t('noLimit') : format.number(row.utilisation, { style: 'percent', maximumFractionDigits: 1 })}
      </td>
      <td className={cell}>{row.enabled ? t('checked') : t('notChecked')}</td>
    </>
  );
}
