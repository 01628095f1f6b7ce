'use client';

import { useFormatter, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState } from 'react';
import { Button, Checkbox } from '@/components/ui';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
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

  // Names and memos take at most two lines (the rest on hover); every other cell stays on one line, so a
  // zh-TW name never stacks one character a line and a sign never leaves its amount (issue 27).
  const cell = 'whitespace-nowrap';
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
      <Table caption={props.tab === 'credit' ? t('credit.caption') : t('points.caption')}>
          <THead>
            <Tr>
              {props.canEdit ? (
                <Th className={cell}>
                  <Checkbox
                    aria-label={t('table.selectPage')}
                    checked={allSelected}
                    onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.companyId)))}
                  />
                </Th>
              ) : null}
              {props.headers.map((h) => (
                <Th key={h.key} aria-sort={h.sort} numeric={h.numeric} className={cell}>
                  <Link href={h.href} className="underline-offset-2 hover:underline">
                    {h.label}
                    {h.sort === 'ascending' ? ' ▲' : h.sort === 'descending' ? ' ▼' : ''}
                  </Link>
                </Th>
              ))}
              {props.canEdit ? (
                <Th className={cell}>
                  <span className="sr-only">{t('table.edit')}</span>
                </Th>
              ) : null}
            </Tr>
          </THead>
          <TBody>
            {rows.map((r) => (
              <Tr key={r.companyId}>
                {props.canEdit ? (
                  <Td className={cell}>
                    <Checkbox aria-label={t('table.select', { name: label(r) })} checked={selected.has(r.companyId)} onChange={() => toggle(r.companyId)} />
                  </Td>
                ) : null}
                <Td className={cell}>
                  <Link href={`/companies/${r.companyId}`} className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-400">
                    {r.code ?? '—'}
                  </Link>
                </Td>
                <Td>
                  <TwoLines text={r.name ?? '—'} />
                </Td>
                {props.tab === 'credit' ? (
                  <CreditCells row={r as CreditRow} amount={money} cell={cell} />
                ) : (
                  <>
                    <Td numeric>{amount((r as PointRow).balance)}</Td>
                    <Td className={cell}>{r.enabled ? t('yes') : t('no')}</Td>
                  </>
                )}
                <Td>
                  <TwoLines text={(props.tab === 'credit' ? (r as CreditRow).memo : (r as PointRow).memo) ?? ''} />
                </Td>
                <Td className={cell}>
                  <time dateTime={r.readAt}>{when(r.readAt)}</time>
                </Td>
                {props.canEdit ? (
                  <Td className={cell}>
                    <Button size="sm" variant="secondary" onClick={() => setEditing([r.companyId])} aria-label={t('table.editOne', { name: label(r) })}>
                      {t('table.edit')}
                    </Button>
                  </Td>
                ) : null}
              </Tr>
            ))}
          </TBody>
      </Table>
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
      <Td numeric>{amount(row.creditAmount)}</Td>
      <Td numeric>{amount(row.pendingAmount)}</Td>
      <Td numeric className={over ? 'font-medium text-red-700 dark:text-red-400' : undefined}>
        {amount(row.availableAmount)}
        {over ? <span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 text-xs text-red-800 dark:bg-red-950 dark:text-red-200">{t('overLimit')}</span> : null}
      </Td>
      <Td numeric>{row.utilisation === null ? t('noLimit') : format.number(row.utilisation, { style: 'percent', maximumFractionDigits: 1 })}</Td>
      <Td className={cell}>{row.enabled ? t('checked') : t('notChecked')}</Td>
    </>
  );
}

/** A free text (a company name, a memo) in at most two lines, wide enough that CJK does not stack; all of it on hover. */
function TwoLines({ text }: { text: string }) {
  return (
    <span title={text || undefined} className="line-clamp-2 min-w-[10rem] max-w-[18rem] break-words">
      {text}
    </span>
  );
}
