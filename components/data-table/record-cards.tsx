'use client';

import { useTranslations } from 'next-intl';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { Checkbox, Skeleton, ToggleButton, cn } from '@/components/ui';
import { cardLayout } from './column-priority';
import type { ListColumn } from './list-columns';

/** The list's selection as the cards use it (the same one the table's checkboxes hold, see useBulkSelection). */
export interface CardSelection<Row> {
  isSelected: (row: Row) => boolean;
  set: (rows: Row[], on: boolean) => void;
  /** The row's checkbox's name ("Select SKU-001"), in the list's own words. */
  label: (row: Row) => string;
}

const PHONE = '(max-width: 639.98px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the cards are what shows. Only their empty message asks: rendered beside the table's own, hidden by
 * CSS, the same sentence would be on the page twice for anyone who looks it up by its text.
 */
function useCardsShown() {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
}

/** Boxes of at least 24 × 24 px, the smallest target WCAG 2.2 allows, kept from stretching the line they sit in. */
export const TARGET_BOX = 'size-6 -my-1 shrink-0 align-middle';

/**
 * A list below 640 px: a card per record, built from the same columns as the table (their `card` roles), so
 * what a card shows is said once per list. Selection stays: "Select" turns on a checkbox per card and one for
 * the page, all named, so it works by keyboard and screen reader where a long press would not.
 */
export function RecordCards<Row>(props: {
  caption: string;
  columns: readonly ListColumn<Row>[];
  rows: Row[] | undefined;
  getRowId: (row: Row) => string;
  isPending: boolean;
  isFetching: boolean;
  emptyMessage: ReactNode;
  selection?: CardSelection<Row>;
  /** What acts on the selection, on the Select line while selecting (the quota dashboard's count and Edit). */
  selectionActions?: ReactNode;
  /** A button a card ends with (the quota dashboard's Edit). */
  action?: (row: Row) => ReactNode;
}) {
  const t = useTranslations('dataTable');
  const [selecting, setSelecting] = useState(false);
  const shown = useCardsShown();
  const layout = cardLayout(props.columns.filter((c) => c.only !== 'csv'));
  const show = (column: ListColumn<Row> | undefined, row: Row) =>
    column ? (column.cell ? column.cell(row) : column.value(row)) : null;
  const rows = props.rows ?? [];
  const selection = props.selection;
  const all = rows.length > 0 && selection !== undefined && rows.every((r) => selection.isSelected(r));

  return (
    <div className="space-y-2">
      {selection ? (
        <div className="flex min-h-10 flex-wrap items-center gap-3 text-sm">
          {/* Its name stays "Select" while on: aria-pressed says the mode is on, as a toggle's name should not change. */}
          <ToggleButton
            pressed={selecting}
            onToggle={() => setSelecting(!selecting)}
            variant={selecting ? 'primary' : 'secondary'}
          >
            {t('selectMode')}
          </ToggleButton>
          {selecting ? (
            <Checkbox
              className={TARGET_BOX}
              label={t('selectPageShort')}
              checked={all}
              onChange={(e) => selection.set(rows, e.target.checked)}
            />
          ) : null}
          {selecting ? props.selectionActions : null}
        </div>
      ) : null}
      <ul
        aria-label={t('cardsLabel', { caption: props.caption })}
        aria-busy={props.isFetching || undefined}
        className={cn('space-y-2', props.isFetching && !props.isPending ? 'opacity-60' : undefined)}
      >
        {props.isPending
          ? Array.from({ length: 4 }, (_, i) => (
              <li
                key={i}
                aria-hidden="true"
                className="space-y-2 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800"
              >
                <Skeleton className="h-5 w-1/3" />
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-4 w-1/2" />
              </li>
            ))
          : rows.map((row) => (
              <li
                key={props.getRowId(row)}
                className="flex items-start gap-3 rounded-lg border border-zinc-200 bg-white p-3 dark:border-zinc-800 dark:bg-zinc-950"
              >
                {selecting && selection ? (
                  <Checkbox
                    className={cn(TARGET_BOX, 'mt-1.5')}
                    aria-label={selection.label(row)}
                    checked={selection.isSelected(row)}
                    onChange={(e) => selection.set([row], e.target.checked)}
                  />
                ) : null}
                <div className="min-w-0 flex-1">
                  <div className="flex items-center justify-between gap-2">
                    {/* The code's link is at least 24 px high: a target of its own, not a word in a sentence. */}
                    <span className="min-w-0 truncate text-base [&_a]:inline-flex [&_a]:min-h-6 [&_a]:items-center">
                      {show(layout.title, row)}
                    </span>
                    <span className="flex shrink-0 items-center gap-1">
                      {layout.badges.map((c) => (
                        <span key={c.id}>{show(c, row)}</span>
                      ))}
                    </span>
                  </div>
                  {layout.subtitle ? (
                    <p className="line-clamp-2 text-sm break-words text-zinc-800 dark:text-zinc-200">
                      {show(layout.subtitle, row)}
                    </p>
                  ) : null}
                  {layout.figures.length > 0 ? (
                    <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
                      {layout.figures.map((c) => (
                        <div key={c.id} className="min-w-0">
                          <dt className="text-xs text-zinc-600 dark:text-zinc-400">{c.label}</dt>
                          <dd className={cn('font-medium', c.numeric ? 'tabular-nums whitespace-nowrap' : 'truncate')}>
                            {show(c, row)}
                          </dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                </div>
                {props.action ? <div className="shrink-0 self-center">{props.action(row)}</div> : null}
              </li>
            ))}
      </ul>
      {shown && !props.isPending && rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-zinc-300 px-3 py-8 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
          {props.emptyMessage}
        </p>
      ) : null}
    </div>
  );
}
