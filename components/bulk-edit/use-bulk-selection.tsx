'use client';

import type { ColumnDef } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useMemo, useState } from 'react';
import { parseListState } from '@/components/data-table/url-state';
import { Checkbox } from '@/components/ui';
import type { ListFilters, ListName } from '@/lib/contract/lists';

/**
 * Row selection for "Bulk edit" on a list: a first column of checkboxes (its header selects the page), kept
 * across pages and filters by id until cleared. Returns the column to put first and the rows chosen.
 */
export function useBulkSelection<Row extends { id: number; outerSysCode: string | null }>(enabled: boolean) {
  const t = useTranslations('workbench');
  const [selected, setSelected] = useState<Map<number, Row>>(new Map());

  const column = useMemo<ColumnDef<Row> | null>(() => {
    if (!enabled) return null;
    const set = (rows: Row[], on: boolean) =>
      setSelected((s) => {
        const next = new Map(s);
        for (const row of rows) {
          if (on) next.set(row.id, row);
          else next.delete(row.id);
        }
        return next;
      });
    return {
      id: 'select',
      meta: { label: t('selectColumn') },
      enableHiding: false,
      header: ({ table }) => {
        const page = table.getRowModel().rows.map((r) => r.original);
        const all = page.length > 0 && page.every((r) => selected.has(r.id));
        return <Checkbox aria-label={t('selectPage')} checked={all} onChange={(e) => set(page, e.target.checked)} />;
      },
      cell: ({ row }) => (
        <Checkbox
          aria-label={t('selectRow', { name: row.original.outerSysCode || `#${row.original.id}` })}
          checked={selected.has(row.original.id)}
          onChange={(e) => set([row.original], e.target.checked)}
        />
      ),
    };
  }, [enabled, selected, t]);

  return { selected: [...selected.values()], column, clear: () => setSelected(new Map()) };
}

/** The list's filters as the URL holds them now (for "every row matching the filters"). */
export function useListFilters<L extends ListName>(list: L): ListFilters<L> {
  const search = useSearchParams().toString();
  return useMemo(() => parseListState(list, new URLSearchParams(search)).filters, [list, search]);
}
