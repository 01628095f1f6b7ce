'use client';

import { flexRender, type CellContext, type HeaderContext } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useCallback, useMemo, useState } from 'react';
import { parseListState } from '@/components/data-table/url-state';
import { TARGET_BOX, type CardSelection } from '@/components/data-table/record-cards';
import type { ListColumnDef, ListTableFeatures } from '@/components/data-table/table-features';
import { Checkbox } from '@/components/ui';
import type { ListFilters, ListName } from '@/lib/contract/lists';

/**
 * Row selection for "Bulk edit" on a list, kept across pages and filters by id until cleared.
 */
export function useBulkSelection<Row extends { id: number; outerSysCode: string | null }>(enabled: boolean) {
  const t = useTranslations('workbench');
  const [selected, setSelected] = useState<Map<number, Row>>(new Map());
  const set = useCallback(
    (rows: Row[], on: boolean) =>
      setSelected((s) => {
        const next = new Map(s);
        for (const row of rows) {
          if (on) next.set(row.id, row);
          else next.delete(row.id);
        }
        return next;
      }),
    [],
  );

  /**
   * The list's columns with a checkbox in front of the first one (its header's box selects the page). Inside
   * the first column rather than a column of its own, so the record's code stays the first, sticky column.
   */
  const withSelection = useCallback(
    (columns: ListColumnDef<Row>[]): ListColumnDef<Row>[] => {
      const [first, ...rest] = columns;
      if (!enabled || !first) return columns;
      const wrapped = {
        ...first,
        header: (context: HeaderContext<ListTableFeatures, Row>) => {
          const page = context.table.getRowModel().rows.map((r) => r.original);
          const all = page.length > 0 && page.every((r) => selected.has(r.id));
          return (
            <span className="inline-flex items-center gap-2">
              <Checkbox
                className={TARGET_BOX}
                aria-label={t('selectPage')}
                checked={all}
                onChange={(e) => set(page, e.target.checked)}
              />
              {flexRender(first.header, context)}
            </span>
          );
        },
        cell: (context: CellContext<ListTableFeatures, Row>) => (
          <span className="inline-flex items-center gap-2">
            <Checkbox
              className={TARGET_BOX}
              aria-label={t('selectRow', { name: context.row.original.outerSysCode || `#${context.row.original.id}` })}
              checked={selected.has(context.row.original.id)}
              onChange={(e) => set([context.row.original], e.target.checked)}
            />
            {flexRender(first.cell, context)}
          </span>
        ),
      };
      return [wrapped as ListColumnDef<Row>, ...rest];
    },
    [enabled, selected, set, t],
  );

  // The cards' view of the same selection (below 640 px), so a row ticked on either stays ticked on the other.
  const selection = useMemo<CardSelection<Row> | undefined>(
    () =>
      enabled
        ? {
            isSelected: (row) => selected.has(row.id),
            set,
            label: (row) => t('selectRow', { name: row.outerSysCode || `#${row.id}` }),
          }
        : undefined,
    [enabled, selected, set, t],
  );

  return {
    enabled,
    selected: [...selected.values()],
    withSelection,
    selection,
    clear: () => setSelected(new Map()),
  };
}

/** The list's filters as the URL holds them now (for "every row matching the filters"). */
export function useListFilters<L extends ListName>(list: L): ListFilters<L> {
  const search = useSearchParams().toString();
  return useMemo(() => parseListState(list, new URLSearchParams(search)).filters, [list, search]);
}
