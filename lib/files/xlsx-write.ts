import ExcelJS from 'exceljs';
import type { XlsxColumn, XlsxOptions } from './xlsx-cells';
import { columnWidths, FROZEN_HEADER, layOut, typedRow } from './xlsx-sheet';

/**
 * The console's Excel writer (issue 31): the same columns and cells as its CSV, in a workbook whose cells keep
 * their type. exceljs is the maintained writer of styled .xlsx files (number formats, frozen panes, autofilter),
 * pinned at 4.4.0, its last release; it loads only when someone exports to Excel.
 *
 * Identifier columns (ids, ERP codes, barcodes, phone numbers: every column that is not a figure) are text cells
 * formatted as Text (`@`), so Excel never turns 4710001000003 into 4.71E+12 or 00123 into 123. Figures are
 * number cells, money with two decimals. A text cell is never a formula in a workbook, so unlike the CSV no
 * cell needs the formula guard; only a value the import would take for a guarded one gets its apostrophe
 * (./formula-guard), and each cell reads back exactly as the value it carried.
 */

export { NUMBER_FORMAT, typedCell, type XlsxColumn, type XlsxKind, type XlsxOptions } from './xlsx-cells';

/**
 * Rows to an .xlsx file: one sheet, a bold frozen header row with filters, typed cells, every column as wide as
 * its widest formatted value (./xlsx-sheet).
 */
export async function toXlsx<Row>(
  rows: readonly Row[],
  columns: readonly XlsxColumn<Row>[],
  sheetName: string,
  options: XlsxOptions = {},
): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), FROZEN_HEADER);
  const data = rows.map((row) => typedRow(columns, row, options));
  const measure = columnWidths(columns, options);
  for (const { cells, formats } of data) measure.see(cells, formats);
  layOut(sheet, columns, measure.widths(), options);
  data.forEach(({ cells, formats }) => {
    const added = sheet.addRow(cells);
    // A quantity shows its own row's precision (a SKU sold by the kilogram has 3 decimals, one sold by the box none).
    formats.forEach((format, i) => {
      if (format) added.getCell(i + 1).numFmt = format;
    });
  });
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
