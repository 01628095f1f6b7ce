'use client';

import type { RowData, Table } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import { Checkbox, buttonClasses } from '@/components/ui';
import type { ListTableFeatures } from './table-features';

/** Show or hide columns; a disclosure of checkboxes, so it needs no custom keyboard handling. */
export function ColumnPicker<Row extends RowData>({ table }: { table: Table<ListTableFeatures, Row> }) {
  const t = useTranslations('dataTable');
  const columns = table.getAllLeafColumns().filter((c) => c.getCanHide());
  if (columns.length === 0) return null;
  return (
    <details className="relative">
      <summary className={buttonClasses('secondary', 'sm', 'cursor-pointer list-none')}>{t('columns')}</summary>
      <fieldset className="absolute right-0 z-10 mt-1 w-56 space-y-2 rounded-md border border-zinc-200 bg-white p-3 shadow-lg dark:border-zinc-700 dark:bg-zinc-900">
        <legend className="sr-only">{t('columnsLegend')}</legend>
        {columns.map((column) => (
          <div key={column.id}>
            <Checkbox
              label={column.columnDef.meta?.label ?? column.id}
              checked={column.getIsVisible()}
              // Keep at least one column: an empty table tells nobody anything.
              disabled={column.getIsVisible() && table.getVisibleLeafColumns().length === 1}
              onChange={(e) => column.toggleVisibility(e.target.checked)}
            />
          </div>
        ))}
      </fieldset>
    </details>
  );
}
