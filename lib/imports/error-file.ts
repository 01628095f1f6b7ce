import iconv from 'iconv-lite';
import Papa from 'papaparse';
import type { Encoding } from '../files/encoding';
import { UTF8_BOM } from '../files/csv-write';
import { guardCell } from '../files/formula-guard';
import { ownColumns } from './import-xlsx';
import type { Delimiter } from '../files/csv-parse';
import { toXlsx, type XlsxColumn } from '../files/xlsx-write';

/**
 * The error file of an import: only the rows that did not go through, in the input's own column layout,
 * delimiter and encoding, plus one error column at the end, so a steward can fix it in Excel and import it
 * again as is (the error column maps to no field and is ignored).
 *
 * Every cell carries the formula guard (./formula-guard), like every CSV the console writes: the import read
 * the file's cells with any guard undone, and undoes the guard written here when the file comes back, so a
 * fixed file imports the values the steward sees ("-5" stays -5, "+886…" stays +886…).
 */

export interface ErrorFileInput {
  headers: readonly string[];
  delimiter: Delimiter;
  encoding: Encoding;
  /** Header of the added column. */
  errorHeader: string;
  rows: readonly { cells: readonly string[]; errors: string }[];
}

export interface ErrorFile {
  bytes: Uint8Array;
  /** The encoding written: the input's, or UTF-8 when a fixed cell holds a character Big5 cannot write. */
  encoding: Encoding;
}

export function errorFileText(input: Omit<ErrorFileInput, 'encoding'>): string {
  const width = input.headers.length;
  const data = input.rows.map((row) => {
    const cells = row.cells.map(guardCell);
    while (cells.length < width) cells.push('');
    return [...cells, guardCell(row.errors)];
  });
  return Papa.unparse(
    { fields: [...input.headers, input.errorHeader].map(guardCell), data },
    {
      delimiter: input.delimiter,
      newline: '\r\n',
      quotes: false,
      escapeFormulae: false,
    },
  );
}

function utf8(text: string): Uint8Array {
  return new TextEncoder().encode(UTF8_BOM + text);
}

export function errorFileBytes(input: ErrorFileInput): ErrorFile {
  const text = errorFileText(input);
  switch (input.encoding) {
    case 'utf-8':
      return { bytes: utf8(text), encoding: 'utf-8' };
    case 'utf-16le':
      return { bytes: new Uint8Array(iconv.encode(text, 'utf-16le', { addBOM: true })), encoding: 'utf-16le' };
    case 'utf-16be':
      return { bytes: new Uint8Array(iconv.encode(text, 'utf-16be', { addBOM: true })), encoding: 'utf-16be' };
    case 'big5': {
      // CP950 is what Excel on a Traditional Chinese Windows writes. A character it cannot hold (an emoji typed
      // into a fixed cell) would become "?": rather than lose it, the file goes out as UTF-8 with a BOM.
      const bytes = new Uint8Array(iconv.encode(text, 'cp950'));
      const back = new TextDecoder('big5').decode(bytes);
      return back === text ? { bytes, encoding: 'big5' } : { bytes: utf8(text), encoding: 'utf-8' };
    }
  }
}

/**
 * The same error file as an Excel workbook: the file's own columns (typed by their mapping, identifiers as
 * Text cells) and the error column at the end, so it imports back as is. Its text is never a formula in a
 * workbook, so no cell needs the CSV's guard (toXlsx keeps the values exact, ./formula-guard).
 */
export async function errorFileXlsx(
  input: Omit<ErrorFileInput, 'delimiter' | 'encoding'> & { mapping: readonly (string | null)[] },
): Promise<Uint8Array> {
  type Row = ErrorFileInput['rows'][number];
  const columns: XlsxColumn<Row>[] = [
    ...ownColumns<Row>(input.headers, input.mapping, (row) => row.cells),
    { header: input.errorHeader, value: (row) => row.errors },
  ];
  return toXlsx(input.rows, columns, 'errors');
}
