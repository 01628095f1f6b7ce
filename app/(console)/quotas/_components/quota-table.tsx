'use client';

import { useTranslations } from 'next-intl';
import Link from 'next/link';
import { useSearchParams } from 'next/navigation';
import { useState } from 'react';
import { Button, Checkbox, cn } from '@/components/ui';
import { priorityClass } from '@/components/data-table/column-priority';
import { RecordCards, TARGET_BOX, type CardSelection } from '@/components/data-table/record-cards';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import type { CreditRow, PointRow } from '@/lib/contract/console/quotas';
import { useQuotaColumns, type Row, type SortHeader } from './quota-columns';
import { EditDialog } from './edit-dialog';
import { FOCUS_PARAM } from '@/lib/contract/attention/rules';

export type { SortHeader } from './quota-columns';

/** The proposed amount of each company whose change waits for approval (the live value stays until then). */
export type Waiting = Record<number, number>;

type Props =
  | { tab: 'credit'; rows: CreditRow[]; headers: SortHeader[]; canEdit: boolean; waiting?: Waiting }
  | { tab: 'points'; rows: PointRow[]; headers: SortHeader[]; canEdit: boolean; waiting?: Waiting };

/** One dashboard page of rows: sortable headers (links, so the sort is in the URL), selection and edit. */
export function QuotaTable(props: Props) {
  const t = useTranslations('quotas');
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const rows: Row[] = props.rows;
  // A finding's fix (`?company=<id>&focus=…`, issue 62 point 3) opens that company's edit at once, on its amount.
  const params = useSearchParams();
  const landing = Number(params.get('company'));
  const [editing, setEditing] = useState<number[] | null>(() =>
    props.canEdit && params.has(FOCUS_PARAM) && rows.some((r) => r.companyId === landing) ? [landing] : null,
  );
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.companyId));
  const label = (r: Row) => r.code ?? r.name ?? String(r.companyId);

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
  const head = 'align-bottom break-keep';
  // The Edit column stays in sight even when a long code or a narrower window makes the table scroll.
  const pinned = 'sticky right-0 bg-white dark:bg-zinc-950';
  const columns = useQuotaColumns(props.tab, props.headers, props.waiting ?? {});
  const byKey = new Map(columns.map((c) => [c.id, c]));
  const selection: CardSelection<Row> | undefined = props.canEdit
    ? {
        isSelected: (r) => selected.has(r.companyId),
        set: (some, on) =>
          setSelected((previous) => {
            const next = new Set(previous);
            for (const r of some) {
              if (on) next.add(r.companyId);
              else next.delete(r.companyId);
            }
            return next;
          }),
        label: (r) => t('table.select', { name: label(r) }),
      }
    : undefined;
  const editButton = (r: Row) => (
    <Button
      size="sm"
      variant="secondary"
      onClick={() => setEditing([r.companyId])}
      aria-label={t('table.editOne', { name: label(r) })}
    >
      {t('table.edit')}
    </Button>
  );
  const selectionBar = (
    <>
      <span role="status">{t('table.selected', { count: selected.size })}</span>
      <Button size="sm" disabled={selected.size === 0} onClick={() => setEditing([...selected])}>
        {t('table.editSelected')}
      </Button>
    </>
  );
  return (
    <div className="space-y-2">
      {/* On a phone the cards' Select line holds it, while selecting: one line less above the first company. */}
      {props.canEdit ? (
        <div className="flex min-h-9 flex-wrap items-center gap-3 text-sm max-sm:hidden">{selectionBar}</div>
      ) : null}
      {/* Below 640 px a card per company, from the same columns (their card roles). */}
      <div className="sm:hidden">
        <RecordCards
          caption={props.tab === 'credit' ? t('credit.caption') : t('points.caption')}
          columns={columns}
          rows={rows}
          getRowId={(r) => String(r.companyId)}
          isPending={false}
          isFetching={false}
          emptyMessage={null}
          selection={selection}
          action={props.canEdit ? editButton : undefined}
          selectionActions={selectionBar}
        />
      </div>
      <Table
        caption={props.tab === 'credit' ? t('credit.caption') : t('points.caption')}
        frameClassName="max-sm:hidden"
        className="[&_:is(td,th)]:px-1.5"
      >
        <THead>
          <Tr>
            {props.canEdit ? (
              <Th className={head}>
                <Checkbox
                  className={TARGET_BOX}
                  aria-label={t('table.selectPage')}
                  checked={allSelected}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((r) => r.companyId)))}
                />
              </Th>
            ) : null}
            {props.headers.map((h) => (
              <Th
                key={h.key}
                aria-sort={h.sort}
                className={cn(head, h.numeric && 'text-right', priorityClass(byKey.get(h.key) ?? {}))}
              >
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
                <Td className="whitespace-nowrap">
                  <Checkbox
                    className={TARGET_BOX}
                    aria-label={t('table.select', { name: label(r) })}
                    checked={selected.has(r.companyId)}
                    onChange={() => toggle(r.companyId)}
                  />
                </Td>
              ) : null}
              {props.headers.map((h) => {
                const column = byKey.get(h.key);
                return (
                  <Td
                    key={h.key}
                    numeric={column?.numeric}
                    className={cn(column?.tdClass, priorityClass(column ?? {}))}
                  >
                    {column?.table ? column.table(r) : column?.cell?.(r)}
                  </Td>
                );
              })}
              {props.canEdit ? <Td className={`whitespace-nowrap ${pinned}`}>{editButton(r)}</Td> : null}
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
