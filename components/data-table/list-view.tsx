'use client';

import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { AllPagesProgress, ListQuery } from '@/lib/client/lists';
import type { ListFilters, ListName, ListPage } from '@/lib/contract/lists';
import type { CsvColumn } from '@/lib/csv/export';
import { DataTable } from './data-table';
import { ExportCsvButton } from './export-csv-button';
import { FilterBar, type FilterFields } from './filter-bar';
import { exactCodeRows } from './url-state';
import { useListUrlState } from './use-list-url-state';

export interface ListViewProps<L extends ListName, Row extends { id: number; outerSysCode: string | null }> {
  list: L;
  tableId: string;
  userId: string;
  caption: string;
  /** The list's key factory and page reader (lib/client). */
  queryKey: (query: ListQuery<L>) => readonly unknown[];
  getPage: (query: ListQuery<L>, signal?: AbortSignal) => Promise<ListPage<Row>>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack column values are heterogeneous
  columns: ColumnDef<Row, any>[];
  filterFields: FilterFields<L>;
  /** Every row of the filtered list, for the CSV export. */
  fetchAll: (filters: ListFilters<L>, options: { signal: AbortSignal; onProgress: (p: AllPagesProgress) => void }) => Promise<Row[]>;
  csvColumns: CsvColumn<Row>[];
  csvFileBase: string;
  /** Extra toolbar content, e.g. a "New company" link. */
  actions?: ReactNode;
}

/**
 * A complete list page body: filter bar, table and CSV export, all driven by the URL. The exact-code toggle
 * narrows the fetched rows in the console (the API matches codes as substrings) and says so.
 */
export function ListView<L extends ListName, Row extends { id: number; outerSysCode: string | null }>(props: ListViewProps<L, Row>) {
  const t = useTranslations('dataTable');
  const { state, setFilters, clearFilters, setPage, setPageSize, setExactCode } = useListUrlState(props.list);
  const query: ListQuery<L> = { filters: state.filters, page: state.page, pageSize: state.pageSize };
  const result = useQuery({
    queryKey: props.queryKey(query),
    queryFn: ({ signal }) => props.getPage(query, signal),
    // Keep the current rows on screen (dimmed, aria-busy) while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
  const code = (state.filters as { outerSysCode?: string }).outerSysCode;
  const exact = state.exactCode;
  const rows = result.data ? (exact ? exactCodeRows(result.data.data, code) : result.data.data) : undefined;
  const filtered = Object.keys(state.filters).length > 0;

  let statusMessage: string | undefined;
  if (exact && result.data && !result.isPending) {
    statusMessage = code
      ? t('exactCodeNotice', { code, kept: rows?.length ?? 0, total: result.data.totalCount })
      : t('exactCodeIdle');
  }

  return (
    <div className="space-y-4">
      <FilterBar
        fields={props.filterFields}
        state={state}
        setFilters={setFilters}
        clearFilters={clearFilters}
        setExactCode={setExactCode}
      />
      <DataTable
        tableId={props.tableId}
        userId={props.userId}
        caption={props.caption}
        columns={props.columns}
        rows={rows}
        getRowId={(row) => String(row.id)}
        totalCount={result.data?.totalCount}
        totalPages={result.data?.totalPages}
        page={state.page}
        pageSize={state.pageSize}
        onPageChange={setPage}
        onPageSizeChange={setPageSize}
        isPending={result.isPending}
        isFetching={result.isFetching}
        error={result.error}
        onRetry={() => void result.refetch()}
        emptyMessage={filtered ? t('emptyFiltered') : t('empty')}
        statusMessage={statusMessage}
        toolbar={
          <>
            {props.actions}
            <ExportCsvButton
              fileBase={props.csvFileBase}
              columns={props.csvColumns}
              fetchAll={(options) => props.fetchAll(state.filters, options)}
              narrow={exact ? (all) => exactCodeRows(all, code) : undefined}
            />
          </>
        }
      />
    </div>
  );
}
