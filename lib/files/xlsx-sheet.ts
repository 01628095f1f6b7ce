import type ExcelJS from 'exceljs';
import { cellFormat, headerOf, NUMBER_FORMAT, typedCell, type XlsxColumn, type XlsxOptions } from './xlsx-cells';
import { ColumnWidth } from './xlsx-width';

/**
 * What every workbook the console writes has, whichever writer writes it (./xlsx-write in memory, ./xlsx-stream
 * streamed): typed cells, columns wide enough for their formatted values (./xlsx-width), a bold frozen header
 * row with filters, and time columns that name their zone.
 */

type Cell = ReturnType<typeof typedCell>;

/** A row's cells as the workbook types them, and each one's number format where its row sets its own. */
export function typedRow<Row>(columns: readonly XlsxColumn<Row>[], row: Row, options: XlsxOptions) {
  return {
    cells: columns.map((c) => typedCell(c.value(row), c.kind ?? 'text', options)),
    formats: columns.map((c) => (c.decimals ? cellFormat(c, row) : null)),
  };
}

/** Measures the rows' shown text, column by column. */
export function columnWidths<Row>(columns: readonly XlsxColumn<Row>[], options: XlsxOptions) {
  const widths = columns.map((c) => new ColumnWidth(headerOf(c, options), (c.kind ?? 'text') === 'text'));
  return {
    see(cells: readonly Cell[], formats: readonly (string | null)[]) {
      cells.forEach((cell, i) => widths[i]!.see(cell, formats[i] ?? NUMBER_FORMAT[columns[i]!.kind ?? 'text']));
    },
    widths: () => widths.map((w) => w.width),
  };
}

/** The sheet's columns (header, width, format), its bold Text header row, frozen, with filters on. */
export function layOut<Row>(
  sheet: ExcelJS.Worksheet,
  columns: readonly XlsxColumn<Row>[],
  widths: readonly number[],
  options: XlsxOptions,
): void {
  sheet.columns = columns.map((c, i) => ({
    header: headerOf(c, options),
    width: widths[i],
    style: { numFmt: NUMBER_FORMAT[c.kind ?? 'text'] },
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  // The header cells are labels, not figures: Text whatever their column holds.
  header.eachCell((cell) => (cell.numFmt = '@'));
  if (columns.length > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
}

/** A new sheet whose header row stays in view when the rows scroll. */
export const FROZEN_HEADER = { views: [{ state: 'frozen' as const, ySplit: 1 }] };
