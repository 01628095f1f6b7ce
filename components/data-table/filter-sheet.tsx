'use client';

import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { Button, Dialog, Field, Select, cn } from '@/components/ui';
import type { SortDirection } from '@/lib/contract/console/list-read';

/** The sheet's look on the shared dialog: full width, from the bottom of the screen, scrolling inside itself. */
export const SHEET_CLASS = 'mt-auto mb-0 max-h-[85dvh] max-w-none min-w-full overflow-y-auto rounded-b-none';

export interface SheetSort {
  /** The columns the list sorts by, in the table's order. */
  options: { id: string; label: string }[];
  column: string | undefined;
  dir: SortDirection | undefined;
  onChange: (column: string | undefined, dir: SortDirection | undefined) => void;
}

/**
 * Below 640 px the filters and the sort open in a sheet from one button that says how many filters are on; from
 * 640 px the list keeps its filter bar (the button is hidden by CSS, so the first paint is right either way).
 * The filters inside apply as they change, like the bar's, so the cards behind already follow when it closes.
 */
export function FilterSheet({
  count,
  sort,
  footer = true,
  children,
}: {
  count: number;
  sort?: SheetSort;
  /** false: the filters bring their own Apply (a GET form), so no "Show results" is added. */
  footer?: boolean;
  /** The list's filter bar, shown open inside the sheet. */
  children: ReactNode;
}) {
  const t = useTranslations('dataTable');
  const [open, setOpen] = useState(false);
  return (
    <div className="sm:hidden">
      <Button variant="secondary" size="sm" className="h-10" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t('filtersSheet', { count })}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('filtersSheetTitle')}
        className={SHEET_CLASS}
        footer={
          footer ? (
            <Button variant="primary" onClick={() => setOpen(false)}>
              {t('filtersSheetDone')}
            </Button>
          ) : undefined
        }
      >
        <div className="space-y-3">
          {sort ? <SortChoice sort={sort} /> : null}
          {children}
        </div>
      </Dialog>
    </div>
  );
}

/** The sort a header sets on a table, as two choices: the column (or the service's id order) and the direction. */
export function SortChoice({ sort, className }: { sort: SheetSort; className?: string }) {
  const t = useTranslations('dataTable');
  return (
    <div className={cn('grid grid-cols-2 gap-2', className)}>
      <Field label={t('sortBy')}>
        <Select
          value={sort.column ?? ''}
          onChange={(e) =>
            e.target.value === ''
              ? sort.onChange(undefined, undefined)
              : sort.onChange(e.target.value, sort.dir ?? 'asc')
          }
        >
          <option value="">{t('sortNone')}</option>
          {sort.options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('sortDirection')}>
        <Select
          value={sort.dir ?? 'asc'}
          disabled={!sort.column}
          onChange={(e) => sort.onChange(sort.column, e.target.value === 'desc' ? 'desc' : 'asc')}
        >
          <option value="asc">{t('sortAsc')}</option>
          <option value="desc">{t('sortDesc')}</option>
        </Select>
      </Field>
    </div>
  );
}
