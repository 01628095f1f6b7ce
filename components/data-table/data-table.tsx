'use client';

import { flexRender, useTable, type RowData } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Alert, Button, Skeleton, cn } from '@/components/ui';
import { columnVisibilityKey, useColumnVisibility } from './use-column-visibility';
import { ColumnPicker } from './column-picker';
import { DensityToggle, useDensity } from './density';
import { TruncatedText } from './truncated-text';
import { Pagination } from './pagination';
import { ariaSort, SortButton } from './sort-button';
import type { SortDirection } from '@/lib/contract/console/list-read';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import type { ColumnMeta } from './column-meta';
import { priorityClass } from './column-priority';
import { listTableFeatures, type ListColumnDef } from './table-features';
export type { ColumnMeta } from './column-meta';

export interface DataTableProps<Row extends RowData> {
  /** Names the table for column preferences (with the user id). */
  tableId: string;
  userId: string;
  /** Accessible name of the table, e.g. "Companies". */
  caption: string;
  columns: ListColumnDef<Row>[];
  rows: Row[] | undefined;
  getRowId: (row: Row) => string;
  totalCount: number | undefined;
  totalPages: number | undefined;
  /** More rows match than `totalCount` (the mirror stops counting a loose search): said as "more than", and the pages go on while they are full. */
  more?: boolean;
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** First load: no rows yet. */
  isPending: boolean;
  /** Any load, including refreshes and page changes that keep the old rows on screen. */
  isFetching: boolean;
  error: { sentence: string } | Error | null;
  onRetry: () => void;
  /** What the empty table says (differs with and without filters). */
  emptyMessage: ReactNode;
  /** Replaces the announced count, e.g. when the exact-code toggle filters the page. */
  statusMessage?: string;
  toolbar?: ReactNode;
  /** The filters' toggle and chips, first on the toolbar's line. */
  filterSummary?: ReactNode;
  /** The filter panel, between the toolbar and the table. */
  filterPanel?: ReactNode;
  /** Sortable headers (lists that read the mirror): which columns, the current order, and what a header does. */
  sorting?: {
    sortable: (columnId: string) => boolean;
    column: string | undefined;
    dir: SortDirection | undefined;
    onSort: (columnId: string) => void;
  };
  /** Under the table: how the rows are ordered and how fresh they are (default: the service's id order). */
  footnote?: ReactNode;
  /** Above the table: a warning about the rows (the copy is stale). */
  banner?: ReactNode;
  /** The page sizes offered. */
  pageSizes?: readonly number[];
  /**
   * The rows as cards (RecordCards), shown instead of the table below 640 px. A list that gives them also hides
   * its low-priority columns first as the table narrows (ColumnMeta.priority).
   */
  cards?: ReactNode;
}

/** The first column (the record's code and link) stays in view when the table scrolls sideways. */
const STICKY_FIRST = 'sticky left-0 z-[1] bg-inherit';
/** The header row stays in view when the rows scroll; its first cell above both. */
const STICKY_HEAD = 'sticky top-0 z-[2]';

/**
 * The shared list table: server-side pages, columns a person can hide (remembered per user), skeleton rows
 * on first load, and empty and error states. It is a real <table>, busy while loading, and announces the
 * results count through a status region. Cells never wrap (long texts are cut, see ColumnMeta.truncate), the
 * row height follows the account's density. Rows come in the order /v1 gives them (by id), or, where the list
 * reads the mirror, in the order its sortable headers set.
 */
export function DataTable<Row extends RowData>(props: DataTableProps<Row>) {
  const t = useTranslations('dataTable');
  const { density } = useDensity();
  // One line of text a row (leading-5), whatever the script: CJK and Latin fallbacks share the line box.
  const cellPadding = density === 'compact' ? 'px-3 py-1 leading-5' : 'px-3 py-1.5 leading-5';
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(columnVisibilityKey(props.userId, props.tableId));
  // The rows are the page the server sent, in its order: the table only lays them out and hides columns.
  const table = useTable({
    features: listTableFeatures,
    data: props.rows ?? [],
    columns: props.columns,
    getRowId: props.getRowId,
    state: { columnVisibility },
    onColumnVisibilityChange: setColumnVisibility,
  });

  const visibleColumns = table.getVisibleLeafColumns();
  // Only a list whose columns say their priority narrows by it; another keeps every column at every width.
  const narrows = props.cards !== undefined;
  const hideClass = (meta: ColumnMeta | undefined) => (narrows && meta ? priorityClass(meta) : undefined);
  const rows = table.getRowModel().rows;
  const errorSentence = props.error ? ('sentence' in props.error ? props.error.sentence : props.error.message) : null;
  const first = (props.page - 1) * props.pageSize + 1;
  const status = props.isPending
    ? t('loading')
    : props.error && !props.rows
      ? t('loadFailed')
      : (props.statusMessage ??
        (props.totalCount === 0 || props.totalCount === undefined
          ? t('noResults')
          : props.more
            ? t('showingMore', { from: first, to: first + (props.rows?.length ?? 0) - 1, total: props.totalCount })
            : t('showing', {
                from: Math.min(first, props.totalCount),
                to: Math.min(first + (props.rows?.length ?? 0) - 1, props.totalCount),
                total: props.totalCount,
              })));

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2 text-sm">
          {props.filterSummary}
          <p role="status" className="text-zinc-700 dark:text-zinc-300">
            {status}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {props.toolbar}
          {/* The table's own controls: cards have no density or columns to choose. */}
          <div className={cn('flex items-center gap-2', props.cards ? 'max-sm:hidden' : undefined)}>
            <DensityToggle />
            <ColumnPicker table={table} />
          </div>
        </div>
      </div>

      {props.filterPanel}

      {props.banner}

      {errorSentence ? (
        <Alert tone="error" title={t('errorTitle')}>
          <p>{errorSentence}</p>
          <Button variant="secondary" size="sm" className="mt-2" onClick={props.onRetry}>
            {t('retry')}
          </Button>
        </Alert>
      ) : null}

      {props.cards ? <div className="sm:hidden">{props.cards}</div> : null}

      <Table
        // Scrolls both ways inside the window's height, so the sticky header and first column hold either way.
        frameClassName={cn('max-h-[calc(100dvh-7rem)] overflow-auto', props.cards ? 'max-sm:hidden' : undefined)}
        caption={props.caption}
        aria-busy={props.isFetching || undefined}
        className={cn('min-w-full', props.isFetching && !props.isPending ? 'opacity-60' : undefined)}
      >
        <THead>
          {table.getHeaderGroups().map((group) => (
            <Tr
              key={group.id}
              className="bg-zinc-50 shadow-[0_1px_0_var(--color-zinc-200)] dark:bg-zinc-900 dark:shadow-[0_1px_0_var(--color-zinc-800)]"
            >
              {group.headers.map((header, index) => {
                const meta = header.column.columnDef.meta;
                const sortable = !header.isPlaceholder && props.sorting?.sortable(header.column.id);
                const active = props.sorting?.column === header.column.id;
                const content = header.isPlaceholder
                  ? null
                  : flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <Th
                    key={header.id}
                    aria-sort={sortable ? ariaSort(active, props.sorting?.dir) : undefined}
                    className={cn(
                      cellPadding,
                      STICKY_HEAD,
                      // Centred on the line as the body's cells are: on the baseline, the select-all box's 24-px
                      // target made the header row 4 px taller (one row fewer on a laptop's first screen).
                      'bg-inherit font-semibold whitespace-nowrap text-zinc-800 dark:text-zinc-200 [&>*]:align-middle',
                      meta?.numeric ? 'text-right' : undefined,
                      index === 0 ? 'left-0 z-[3]' : undefined,
                      hideClass(meta),
                    )}
                  >
                    {sortable && props.sorting ? (
                      <SortButton
                        active={active}
                        dir={props.sorting.dir}
                        onSort={() => props.sorting?.onSort(header.column.id)}
                      >
                        {content}
                      </SortButton>
                    ) : (
                      content
                    )}
                  </Th>
                );
              })}
            </Tr>
          ))}
        </THead>
        <TBody>
          {props.isPending
            ? Array.from({ length: Math.min(props.pageSize, 10) }, (_, i) => (
                <Tr key={`skeleton-${i}`} aria-hidden="true">
                  {visibleColumns.map((column) => (
                    <Td key={column.id} className={cn(cellPadding, hideClass(column.columnDef.meta))}>
                      <Skeleton className="h-4 w-full min-w-12" />
                    </Td>
                  ))}
                </Tr>
              ))
            : rows.map((row) => (
                <Tr key={row.id} className="bg-white hover:bg-zinc-50 dark:bg-zinc-950 dark:hover:bg-zinc-900">
                  {row.getVisibleCells().map((cell, index) => {
                    const meta = cell.column.columnDef.meta;
                    const content = flexRender(cell.column.columnDef.cell, cell.getContext());
                    return (
                      <Td
                        key={cell.id}
                        className={cn(
                          cellPadding,
                          // Badges and checkbox pairs sit in the line box instead of stretching it.
                          'whitespace-nowrap [&>*]:align-middle',
                          meta?.numeric ? 'text-right tabular-nums' : undefined,
                          index === 0 ? STICKY_FIRST : undefined,
                          hideClass(meta),
                        )}
                      >
                        {meta?.truncate ? <TruncatedText>{content}</TruncatedText> : content}
                      </Td>
                    );
                  })}
                </Tr>
              ))}
          {!props.isPending && rows.length === 0 && !errorSentence ? (
            <Tr>
              <Td
                colSpan={Math.max(visibleColumns.length, 1)}
                className="px-3 py-8 text-center text-zinc-600 dark:text-zinc-400"
              >
                {props.emptyMessage}
              </Td>
            </Tr>
          ) : null}
        </TBody>
      </Table>

      {props.footnote ?? <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('idOrder')}</p>}
      <Pagination
        choices={props.pageSizes}
        page={props.page}
        pageSize={props.pageSize}
        totalPages={props.totalPages}
        more={props.more ? (props.rows?.length ?? 0) >= props.pageSize : undefined}
        onPageChange={props.onPageChange}
        onPageSizeChange={props.onPageSizeChange}
      />
    </div>
  );
}
