'use client';

import { useFormatter, useTranslations } from 'next-intl';
import Link from 'next/link';
import { useState } from 'react';
import { Button, Checkbox } from '@/components/ui';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import type { CreditRow, PointRow } from '@/lib/contract/console/quotas';
import { ClampedText } from './clamped-text';
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
  const label = (r: CreditRow | PointRow) => r.code ?? r.name ?? String(r.companyId);

  function toggle(id: number) {
    setSelected((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  // The table fits a 1280 px screen's frame (issue 47), Edit included: names and memos take at most two lines of
  // a narrow column (all of it on hover and focus), read-at times two short lines, the over-limit flag sits under
  // the utilisation, headers and the credit check wrap at spaces only, and cells sit closer than in other lists.
  // Amounts, codes and pills stay on one line, so a sign never leaves its amount (issue 27).
  const cell = 'whitespace-nowrap';
  const head = 'align-bottom break-keep';
  // The Edit column stays in sight even when a long code or a narrower window makes the table scroll.
  const pinned = 'sticky right-0 bg-white dark:bg-zinc-950';
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
      <Table
        caption={props.tab === 'credit' ? t('credit.caption') : t('points.caption')}
        className="[&_:is(td,th)]:px-1.5"
      >
        <THead>
          <Tr>
            {props.canEdit ? (
              <Th className={head}>
                <Checkbox
                  aria-label={t('table.selectPage')}
                  checked={allSelected}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.companyId)))}
                />
              </Th>
            ) : null}
            {props.headers.map((h) => (
              <Th key={h.key} aria-sort={h.sort} className={h.numeric ? `${head} text-right` : head}>
                <Link href={h.href} className="underline-offset-2 hover:underline">
                  {h.label}
                  {h.sort === 'ascending' ? ' ▲' : h.sort === 'descending' ? ' ▼' : ''}
                </Link>
              </Th>
            ))}
            {props.canEdit ? (
              <Th className={`${head} ${pinned} bg-zinc-50 dark:bg-zinc-900`}>
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
                  <Checkbox
                    aria-label={t('table.select', { name: label(r) })}
                    checked={selected.has(r.companyId)}
                    onChange={() => toggle(r.companyId)}
                  />
                </Td>
              ) : null}
              <Td className={cell}>
                <Link
                  href={`/companies/${r.companyId}`}
                  className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
                >
                  {r.code ?? '—'}
                </Link>
              </Td>
              <Td>
                <ClampedText text={r.name ?? '—'} className="min-w-[6rem] max-w-[14rem]" />
              </Td>
              {props.tab === 'credit' ? (
                <CreditCells row={r as CreditRow} amount={money} />
              ) : (
                <>
                  <Td numeric>{amount((r as PointRow).balance)}</Td>
                  <Td className={cell}>{r.enabled ? t('yes') : t('no')}</Td>
                </>
              )}
              <Td>
                <ClampedText
                  text={(props.tab === 'credit' ? (r as CreditRow).memo : (r as PointRow).memo) ?? ''}
                  className="min-w-[5rem] max-w-[12rem]"
                />
              </Td>
              <Td className={cell}>
                <ReadAt iso={r.readAt} />
              </Td>
              {props.canEdit ? (
                <Td className={`${cell} ${pinned}`}>
                  <Button
                    size="sm"
                    variant="secondary"
                    onClick={() => setEditing([r.companyId])}
                    aria-label={t('table.editOne', { name: label(r) })}
                  >
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
          companies={editing.map((id) => {
            // A selection may outlive its page: such a company is read at review, like one added in the dialog.
            const r = rows.find((row) => row.companyId === id);
            return r
              ? { companyId: id, code: r.code, name: r.name, current: 'balance' in r ? r.balance : r.creditAmount }
              : { companyId: id, code: null, name: null, current: null };
          })}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
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

function CreditCells({ row, amount }: { row: CreditRow; amount: (n: number) => string }) {
  const t = useTranslations('quotas.credit');
  const format = useFormatter();
  const over = row.availableAmount < 0;
  return (
    <>
      <Td numeric>{amount(row.creditAmount)}</Td>
      <Td numeric>{amount(row.pendingAmount)}</Td>
      <Td numeric className={over ? 'font-medium text-red-700 dark:text-red-400' : undefined}>
        {amount(row.availableAmount)}
      </Td>
      {/*
        The flag sits under the utilisation figure it explains: beside an amount it widened that column by its own
        width, and under one it made a money cell two lines. "No limit set" may wrap at its spaces.
      */}
      <Td numeric>
        {row.utilisation === null ? (
          <span className="break-keep whitespace-normal">{t('noLimit')}</span>
        ) : (
          format.number(row.utilisation, { style: 'percent', maximumFractionDigits: 1 })
        )}
        {over ? (
          <span className="mt-0.5 ml-auto block w-fit rounded bg-red-100 px-1.5 py-0.5 text-xs text-red-800 dark:bg-red-950 dark:text-red-200">
            {t('overLimit')}
          </span>
        ) : null}
      </Td>
      {/* "Not checked" may take two lines; a word never breaks (break-keep: 不檢查 stays whole). */}
      <Td className="break-keep">{row.enabled ? t('checked') : t('notChecked')}</Td>
    </>
  );
}
