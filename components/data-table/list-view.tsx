'use client';

import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { fetchAllShown, fetchListResult, shownKey } from '@/lib/client/list-read';
import { listKeys } from '@/lib/client/query-keys';
import { isSortable, MIRROR_PAGE_SIZES } from '@/lib/contract/console/list-read';
import type { ListItem } from '@/lib/contract/endpoints';
import type { ListName } from '@/lib/contract/lists';
import { DataTable } from './data-table';
import { ExportCsvButton } from './export-csv-button';
import { FilterBar, type FilterFields } from './filter-bar';
import { FilterSheet } from './filter-sheet';
import { RecordCards, type CardSelection } from './record-cards';
import { FilterSummary } from './filter-summary';
import { ListFreshness, StaleBanner } from './list-freshness';
import { PAGE_SIZE_CHOICES } from './url-state';
import { useFiltersFolding } from './filters-folding';
import { csvColumns, tableColumns, type ListColumn } from './list-columns';
import type { ListColumnDef } from './table-features';
import { withStatusCounts } from './status-counts';
import { exactCodeRows, listQueryOf } from './url-state';
import { useListUrlState } from './use-list-url-state';

export interface ListViewProps<L extends ListName> {
  /** The list (lib/contract's LISTS): its reads, query keys and rows all follow from it. */
  list: L;
  tableId: string;
  userId: string;
  caption: string;
  /** Every column once: the table, the column picker and the CSV export read these. */
  columns: ListColumn<ListItem<L>>[];
  /** Adds the bulk-selection checkboxes to the table's columns (useBulkSelection). */
  withSelection?: (columns: ListColumnDef<ListItem<L>>[]) => ListColumnDef<ListItem<L>>[];
  /** The same selection on the cards below 640 px. */
  selection?: CardSelection<ListItem<L>>;
  filterFields: FilterFields<L>;
  csvFileBase: string;
  /** Extra toolbar content, e.g. a "New company" link. */
  actions?: ReactNode;
  /** More ways to filter, shown in the filter panel (e.g. a product finder). */
  filterExtra?: ReactNode;
}

/**
 * The filters' folding, read where it is shown: below `lg` it changes right after hydration (the server assumes a
 * laptop), and read by the list itself that re-rendered every row a second time on a phone's first load.
 */
function WithFolding({ children }: { children: (folding: ReturnType<typeof useFiltersFolding>) => ReactNode }) {
  return children(useFiltersFolding());
}

/**
 * A complete list page body: filter bar, table and CSV export, all driven by the URL. The exact-code toggle
 * narrows the fetched rows in the console (the API matches codes as substrings) and says so.
 */
export function ListView<L extends ListName>(props: ListViewProps<L>) {
  const t = useTranslations('dataTable');
  // The list's view and its setters, all in the URL.
  const url = useListUrlState(props.list);
  const { state } = url;
  const panelId = useId();
  const queryClient = useQueryClient();
  const query = listQueryOf(state);
  const key = shownKey(listKeys[props.list].list(query));
  // Keeps the current rows on screen (dimmed, aria-busy) while the next page or filter loads. A list read from
  // the mirror is read again every interval of its passes, so "as of" and the rows keep up by themselves.
  const result = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchListResult(props.list, query, { signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.source === 'mirror' ? Math.max(q.state.data.freshness.intervalS, 5) * 1000 : false,
  });
  const mirror = result.data?.source === 'mirror';
  const counts = result.data?.source === 'mirror' ? result.data.counts : null;
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    try {
      queryClient.setQueryData(key, await fetchListResult(props.list, query, { refresh: true }));
    } catch {
      await result.refetch();
    } finally {
      setRefreshing(false);
    }
  };
  const tc = useTranslations('dataTable');
  const { filterFields } = props;
  const countedFields = useMemo(
    () => withStatusCounts(filterFields, counts, (label, count) => tc('optionCount', { label, count })),
    [filterFields, counts, tc],
  );
  const { columns: listColumns, withSelection } = props;
  const columns = useMemo(() => {
    const table = tableColumns(listColumns);
    return withSelection ? withSelection(table) : table;
  }, [listColumns, withSelection]);
  const exportColumns = useMemo(() => csvColumns(listColumns), [listColumns]);
  const code = (state.filters as { outerSysCode?: string }).outerSysCode;
  const exact = state.exactCode;
  // Every list the console shows as a ListView names its records by id and code.
  type Row = ListItem<L> & { id: number; outerSysCode: string | null };
  const page = result.data?.data as Row[] | undefined;
  const rows = page ? (exact ? exactCodeRows(page, code) : page) : undefined;
  const filtered = Object.keys(state.filters).length > 0;
  // What the sheet's button counts: every filter on, the search and the exact-code toggle included.
  const activeFilters = Object.keys(state.filters).length + (state.q ? 1 : 0) + (state.exactCode ? 1 : 0);
  const sortable = mirror ? props.columns.filter((c) => c.only !== 'csv' && isSortable(props.list, c.id)) : [];
  const filterBar = (id: string, chosen: boolean | null) => (
    <FilterBar
      id={id}
      chosen={chosen}
      fields={countedFields}
      state={state}
      setFilters={url.setFilters}
      setExactCode={url.setExactCode}
      setExactCodeFilter={url.setExactCodeFilter}
      extra={props.filterExtra}
      search={
        mirror
          ? { value: state.q ?? '', onCommit: url.setSearch, help: t(`searchHelps.${props.list as ListName}`) }
          : undefined
      }
    />
  );

  let statusMessage: string | undefined;
  if (exact && result.data && !result.isPending) {
    statusMessage = code
      ? t('exactCodeNotice', { code, kept: rows?.length ?? 0, total: result.data.totalCount })
      : t('exactCodeIdle');
  }

  return (
    <DataTable
      tableId={props.tableId}
      userId={props.userId}
      caption={props.caption}
      columns={columns}
      rows={rows}
      getRowId={(row) => String(row.id)}
      totalCount={result.data?.totalCount}
      totalPages={result.data?.totalPages}
      more={result.data?.source === 'mirror' && result.data.more}
      page={state.page}
      pageSize={state.pageSize}
      onPageChange={url.setPage}
      onPageSizeChange={url.setPageSize}
      isPending={result.isPending}
      isFetching={result.isFetching}
      error={result.error}
      onRetry={() => void result.refetch()}
      emptyMessage={filtered ? t('emptyFiltered') : t('empty')}
      statusMessage={statusMessage}
      filterSummary={
        <>
          <FilterSheet
            count={activeFilters}
            sort={
              sortable.length > 0
                ? {
                    options: sortable.map((c) => ({ id: c.id, label: c.label })),
                    column: state.sort,
                    dir: state.dir,
                    onChange: url.setOrder,
                  }
                : undefined
            }
          >
            {filterBar(`${panelId}-sheet`, true)}
          </FilterSheet>
          <div className="min-w-0 max-sm:hidden">
            <WithFolding>
              {(folding) => (
                <FilterSummary
                  fields={props.filterFields}
                  state={state}
                  setFilters={url.setFilters}
                  clearFilters={url.clearFilters}
                  panelId={panelId}
                  chosen={folding.chosen}
                  open={folding.open}
                  setOpen={folding.setOpen}
                />
              )}
            </WithFolding>
          </div>
        </>
      }
      filterPanel={
        <div className="max-sm:hidden">
          <WithFolding>{(folding) => filterBar(panelId, folding.chosen)}</WithFolding>
        </div>
      }
      cards={
        <RecordCards
          caption={props.caption}
          columns={props.columns}
          rows={rows}
          getRowId={(row) => String(row.id)}
          isPending={result.isPending}
          isFetching={result.isFetching}
          emptyMessage={filtered ? t('emptyFiltered') : t('empty')}
          selection={props.selection}
        />
      }
      sorting={
        mirror
          ? {
              sortable: (column) => isSortable(props.list, column),
              column: state.sort,
              dir: state.dir,
              onSort: url.setSort,
            }
          : undefined
      }
      pageSizes={mirror ? MIRROR_PAGE_SIZES : PAGE_SIZE_CHOICES}
      banner={<StaleBanner result={result.data} />}
      footnote={<ListFreshness result={result.data} onRefresh={() => void refresh()} refreshing={refreshing} />}
      toolbar={
        <>
          {props.actions}
          <ExportCsvButton
            fileBase={props.csvFileBase}
            columns={exportColumns}
            fetchAll={(options) =>
              fetchAllShown(
                props.list,
                { filters: state.filters, sort: state.sort, dir: state.dir, q: state.q },
                options,
              )
            }
            narrow={exact ? (all) => exactCodeRows(all as Row[], code) : undefined}
          />
        </>
      }
    />
  );
}
