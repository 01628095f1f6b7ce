import { columnVisibilityFeature, metaHelper, tableFeatures } from '@tanstack/react-table';
import type { ColumnDef, RowData } from '@tanstack/react-table';
import type { ColumnMeta } from './column-meta';

/**
 * What the list tables take from TanStack Table: columns a person can hide, each column carrying a ColumnMeta.
 * Pages and order are the server's (a list asks /v1 or the mirror for one page, in order), so no sorting,
 * filtering or pagination feature is registered: the table shows the rows it is given, and the browser gets only
 * the code of the features listed here.
 */
export const listTableFeatures = tableFeatures({ columnVisibilityFeature, columnMeta: metaHelper<ColumnMeta>() });

export type ListTableFeatures = typeof listTableFeatures;

/** A column of a list table (DataTable), its `meta` a ColumnMeta. */
export type ListColumnDef<Row extends RowData> = ColumnDef<ListTableFeatures, Row>;
