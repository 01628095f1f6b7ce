import Papa from 'papaparse';
import { guardCell } from './formula-guard';

/**
 * The one CSV writer of the console. Every CSV the console produces goes through `toCsv`, so the
 * formula-injection guard (./formula-guard, which the import undoes) and the BOM are applied everywhere alike.
 */

export interface CsvColumn<Row> {
  /** Header cell text. */
  header: string;
  /** The cell value; null and undefined become an empty cell. */
  value: (row: Row) => string | number | boolean | null | undefined;
}

/** Excel needs the byte-order mark to read UTF-8 (Chinese names would otherwise be garbled). */
export const UTF8_BOM = '\uFEFF';

function cellText(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  // Numbers are written as numbers; a negative number is data, not a formula, so it is not guarded.
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return guardCell(value);
}

/**
 * Rows to CSV text (CRLF line ends, RFC 4180 quoting by papaparse), with the BOM in front.
 * Header cells are guarded too: they can carry user text (for example a mapped column name).
 */
export function toCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const fields = columns.map((c) => guardCell(c.header));
  const data = rows.map((row) => columns.map((c) => cellText(c.value(row))));
  return UTF8_BOM + Papa.unparse({ fields, data }, { newline: '\r\n', quotes: false, escapeFormulae: false });
}

/** The header line of a CSV written in parts (BOM, header cells, CRLF); see csvLines. */
export function csvHeader(columns: readonly { header: string }[]): string {
  return (
    UTF8_BOM +
    Papa.unparse([columns.map((c) => guardCell(c.header))], { newline: '\r\n', quotes: false, escapeFormulae: false }) +
    '\r\n'
  );
}

/** Data lines for a CSV written in parts (a streamed export): the same cells as toCsv, each line ending in CRLF. */
export function csvLines<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  if (rows.length === 0) return '';
  const data = rows.map((row) => columns.map((c) => cellText(c.value(row))));
  return Papa.unparse(data, { newline: '\r\n', quotes: false, escapeFormulae: false }) + '\r\n';
}

/** A file name stamped with the local date, e.g. `companies-2026-11-22.csv` (or `.xlsx`). */
export function csvFileName(base: string, now: Date = new Date(), extension: 'csv' | 'xlsx' = 'csv'): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${base}-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.${extension}`;
}
