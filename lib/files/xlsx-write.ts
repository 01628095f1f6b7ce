import ExcelJS from 'exceljs';
import type { CsvColumn } from './csv-write';
import { guardText } from './formula-guard';

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

export type XlsxKind = 'text' | 'number' | 'money';

export interface XlsxColumn<Row> extends CsvColumn<Row> {
  /** How the cell is typed in a workbook; text unless said otherwise. */
  kind?: XlsxKind;
}

export const NUMBER_FORMAT: Record<XlsxKind, string> = { text: '@', number: 'General', money: '"NT$"#,##0.00' };

type Value = ReturnType<CsvColumn<unknown>['value']>;

/** A cell's value as the workbook types it: a figure as a number, anything else as text. */
export function typedCell(value: Value, kind: XlsxKind): string | number | null {
  if (value === null || value === undefined) return null;
  if (kind !== 'text' && typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return guardText(String(value));
}

/** Widths in characters: the longest of the header and the first rows' cells, within reason. */
function width(header: string, cells: readonly (string | number | null)[]): number {
  const longest = cells
    .slice(0, 200)
    .reduce<number>((max, c) => Math.max(max, c === null ? 0 : String(c).length), header.length);
  return Math.min(Math.max(longest + 2, 8), 60);
}

/** Rows to an .xlsx file: one sheet, a bold frozen header row with an autofilter, typed cells. */
export async function toXlsx<Row>(
  rows: readonly Row[],
  columns: readonly XlsxColumn<Row>[],
  sheetName: string,
): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  const data = rows.map((row) => columns.map((c) => typedCell(c.value(row), c.kind ?? 'text')));
  sheet.columns = columns.map((c, i) => ({
    header: c.header,
    width: width(
      c.header,
      data.map((r) => r[i]!),
    ),
    style: { numFmt: NUMBER_FORMAT[c.kind ?? 'text'] },
  }));
  sheet.addRows(data);
  const header = sheet.getRow(1);
  header.font = { bold: true };
  // The header cells are labels, not figures: Text whatever their column holds.
  header.eachCell((cell) => (cell.numFmt = '@'));
  if (columns.length > 0) sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
