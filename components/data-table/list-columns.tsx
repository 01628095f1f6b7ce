import Link from 'next/link';
import type { ReactNode } from 'react';
import type { XlsxColumn } from '@/lib/files/xlsx-write';
import { StatusBadge } from '@/components/record/status-badge';
import type { CardRole, ColumnMeta, ColumnPriority } from './column-meta';
import type { ListColumnDef } from './table-features';
import type { RowData } from '@tanstack/react-table';

export type CellValue = string | number | boolean | null | undefined;

/**
 * One column of a list page, written once: the table shows it, the column picker names it by `label`,
 * and the CSV export writes `value` under the same label, in the same order.
 */
export interface ListColumn<Row> {
  id: string;
  /** Header cell, column picker label and CSV header. */
  label: string;
  /** The cell as data: what the CSV holds, and what the table shows unless `cell` is given. */
  value: (row: Row) => CellValue;
  /** How the table shows it when plain text is not enough (a link, a badge, a formatted amount). */
  cell?: (row: Row) => ReactNode;
  /** Right-aligned figures (number cells in an Excel export; every other column is a Text cell there). */
  numeric?: boolean;
  /** An amount in NT$: a number cell with two decimals in an Excel export. */
  money?: boolean;
  /** A quantity's decimals in this row: its Excel cell shows that many. */
  decimals?: (row: Row) => number | null | undefined;
  /** A long free text, cut to one line in the table (see ColumnMeta.truncate). */
  truncate?: boolean;
  /** The record's code and link: always shown, so the column picker does not offer it. */
  pinned?: boolean;
  /**
   * Where the column appears when not in both: `csv` for data the table leaves out (the record's id, a
   * referenced record's id beside its name), `table` for what only the screen can show.
   */
  only?: 'table' | 'csv';
  /** Its place on the list's card below 640 px (see CardRole); none leaves it off the card. */
  card?: CardRole;
  /** How long it stays in a narrowing table (see ColumnPriority); a column on the card stays throughout. */
  priority?: ColumnPriority;
}

/** The columns as the data table takes them. */
export function tableColumns<Row extends RowData>(columns: readonly ListColumn<Row>[]): ListColumnDef<Row>[] {
  return columns
    .filter((c) => c.only !== 'csv')
    .map((c) => ({
      id: c.id,
      header: c.label,
      meta: {
        label: c.label,
        numeric: c.numeric,
        truncate: c.truncate,
        card: c.card,
        priority: c.priority,
      } satisfies ColumnMeta,
      enableHiding: !c.pinned,
      cell: ({ row }) => (c.cell ? c.cell(row.original) : c.value(row.original)),
    }));
}

/** The columns as the CSV and Excel exports write them. */
export function csvColumns<Row>(columns: readonly ListColumn<Row>[]): XlsxColumn<Row>[] {
  return columns
    .filter((c) => c.only !== 'table')
    .map((c) => ({
      header: c.label,
      value: c.value,
      kind: c.money ? 'money' : c.numeric ? 'number' : 'text',
      ...(c.decimals ? { decimals: c.decimals } : {}),
    }));
}

/** The pinned first column of a list page: the record's code (or #id when it has none), linking to its page. */
export function recordLinkColumn<Row extends { id: number }>(options: {
  id: string;
  label: string;
  code: (row: Row) => string | null;
  href: (row: Row) => string;
}): ListColumn<Row> {
  return {
    id: options.id,
    label: options.label,
    value: options.code,
    pinned: true,
    card: 'title',
    cell: (row) => (
      // Not prefetched: a page of up to 100 rows would ask the server for every record page in view.
      <Link
        href={options.href(row)}
        prefetch={false}
        className="font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-400"
      >
        {options.code(row) || `#${row.id}`}
      </Link>
    ),
  };
}

/** The record's id: in the CSV only, so an export names each record exactly. */
export function idColumn<Row extends { id: number }>(label: string): ListColumn<Row> {
  return { id: 'id', label, value: (row) => row.id, only: 'csv' };
}

/** The record's status: a badge in the table, the API's word in the CSV. */
export function statusColumn<Row extends { status: string | null }>(label: string): ListColumn<Row> {
  return {
    id: 'status',
    label,
    value: (row) => row.status,
    cell: (row) => <StatusBadge status={row.status} />,
    card: 'badge',
  };
}

/** The usual pinned first column: the record's ERP code, linking to the record's page under `path`. */
export function codeLinkColumn<Row extends { id: number; outerSysCode: string | null }>(
  label: string,
  path: string,
): ListColumn<Row> {
  return recordLinkColumn<Row>({
    id: 'outerSysCode',
    label,
    code: (r) => r.outerSysCode,
    href: (r) => `${path}/${r.id}`,
  });
}
