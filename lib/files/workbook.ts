import { unguardCell } from './formula-guard';
import { READ_LIMITS, type FileError, type ParsedRow } from './csv-parse';

/**
 * A spreadsheet's sheet as the import reads it: the same header and rows as a CSV, so the mapping, the check,
 * the comparison and the job are the ones CSV uses (design: "spreadsheets enter and leave through the same
 * rows-in, rows-out seam"). The worker reads the workbook with ./xlsx-read.ts, which hands over each number as
 * the text the file stores, never Excel's displayed text: 4710001000003 stays
 * 4710001000003 however the cell is formatted, and a number past a double's 15 exact digits arrives in
 * scientific notation, which the check then names as Excel's damage.
 */

/** A number cell as the file stores it (the text of its <v>). */
export type StoredNumber = { stored: string };
export type SheetCell = string | number | boolean | Date | StoredNumber | null | undefined;

/**
 * A stored number as text: exact when it has at most 15 significant digits (typed in, a double holds it);
 * past that its digits were never kept, so it is written in scientific notation, which the check refuses in
 * an identifier column ("Excel changed this value") and reads as the number it is in an amount column.
 */
function numberText(text: string): string {
  // Most numbers are short: 15 characters hold at most 15 digits.
  if (text.length <= 15) return text;
  const digits = text
    .replace(/^[+-]/, '')
    .replace(/\.\d*$/, '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  return /^[+-]?\d+$/.test(text) && digits.length > 15 ? Number(text).toExponential() : text;
}

/** A Date cell as the console writes dates: the day alone when it has no time, else ISO 8601 in UTC. */
function dateText(date: Date): string {
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso;
}

export function cellText(value: SheetCell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'object') return numberText(value.stored);
  // The console's own workbooks and a guarded CSV saved as .xlsx: the value without the formula guard.
  return typeof value === 'string' ? unguardCell(value) : String(value);
}

const isBlank = (row: readonly SheetCell[]) => row.every((c) => cellText(c).trim() === '');

/** The header (the first row that is not blank) and the data rows; blank rows are skipped, as in a CSV. */
export function sheetRows(data: readonly (readonly SheetCell[])[]): {
  headers: string[];
  rows: ParsedRow[];
  headerLine: number;
  error?: FileError;
} {
  const start = data.findIndex((row) => !isBlank(row));
  if (start === -1) return { headers: [], rows: [], headerLine: 1, error: { code: 'file_empty' } };
  const headers = data[start]!.map((c) => cellText(c).trim());
  // A sheet's used range often runs past the header: trailing header cells with nothing in them are not columns.
  while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
  const rows: ParsedRow[] = [];
  for (let r = start + 1; r < data.length; r++) {
    const cells = data[r]!.map(cellText);
    if (cells.every((c) => c.trim() === '')) continue;
    while (cells.length > headers.length && cells[cells.length - 1] === '') cells.pop();
    while (cells.length < headers.length) cells.push('');
    rows.push({ line: r + 1, cells });
    if (rows.length > READ_LIMITS.maxRows)
      return {
        headers,
        rows: [],
        headerLine: start + 1,
        error: { code: 'too_many_rows', maxRows: READ_LIMITS.maxRows },
      };
  }
  if (rows.length === 0) return { headers, rows, headerLine: start + 1, error: { code: 'no_data_rows' } };
  return { headers, rows, headerLine: start + 1 };
}

/** A workbook by its name or its first bytes (a ZIP container: .xlsx). */
export function isWorkbook(name: string, head: Uint8Array): boolean {
  return /\.xlsx$/i.test(name) || (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04);
}
