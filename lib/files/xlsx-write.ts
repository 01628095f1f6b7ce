import ExcelJS from 'exceljs';
import { cellFormat, NUMBER_FORMAT, typedCell, type XlsxColumn, type XlsxOptions } from './xlsx-cells';

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

/** Widths in characters: the longest of the header and the first rows' cells, within reason. */
function width(header: string, cells: readonly (string | number | Date | null)[]): number {
  const longest = cells
    .slice(0, 200)
    .reduce<number>(
      (max, c) => Math.max(max, c === null ? 0 : c instanceof Date ? 19 : String(c).length),
      header.length,
    );
  return Math.min(Math.max(longest + 2, 8), 60);
}

/** Rows to an .xlsx file: one sheet, a bold frozen header row with an autofilter, typed cells. */
export async function toXlsx<Row>(
  rows: readonly Row[],
  columns: readonly XlsxColumn<Row>[],
  sheetName: string,
  options: XlsxOptions = {},
): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  const data = rows.map((row) => columns.map((c) => typedCell(c.value(row), c.kind ?? 'text', options)));
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    width: width(
      c.header,
      data.map((r) => r[i]!),
    ),
    style: { numFmt: NUMBER_FORMAT[c.kind ?? 'text'] },
  }));
  sheet.addRows(data);
  // A quantity shows its own row's precision (a SKU sold by the kilogram has 3 decimals, one sold by the box none).
  columns.forEach((c, i) => {
    if (!c.decimals) return;
    rows.forEach((row, r) => {
      const format = cellFormat(c, row);
      if (format) sheet.getCell(r + 2, i + 1).numFmt = format;
    });
  });
  const header = sheet.getRow(1);
  header.font = { bold: true };
  // The header cells are labels, not figures: Text whatever their column holds.
  header.eachCell((cell) => (cell.numFmt = '@'));
  if (columns.length > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
