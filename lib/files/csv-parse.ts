import Papa from 'papaparse';
import { unguardCell } from './formula-guard';

/**
 * CSV text to rows, with the physical line number each row starts on (a quoted cell may span lines, so a
 * row's index is not its line). papaparse parses in chunks; lines are counted from the cells themselves:
 * a row starts one line after the previous row plus the line breaks inside the previous row's cells.
 * Cells come out with the console's formula guard undone (./formula-guard): a file the console wrote reads
 * back as the values it carried.
 */

import { DELIMITERS, READ_LIMITS, type Delimiter } from '@/lib/contract/console/import-files';
export { DELIMITERS, READ_LIMITS, type Delimiter } from '@/lib/contract/console/import-files';

export type ParsedRow = { line: number; cells: string[] };

/** A problem with the file as a whole: nothing can be imported until it is fixed. */
export type FileError =
  | { code: 'file_too_large'; maxBytes: number }
  | { code: 'file_empty' }
  | { code: 'file_binary' | 'file_xlsx' | 'file_xls' }
  /** A workbook whose parts cannot be read (damaged, or encrypted with a password). */
  | { code: 'workbook_unreadable' }
  | { code: 'no_data_rows' }
  | { code: 'too_many_rows'; maxRows: number }
  | { code: 'unbalanced_quotes'; line: number }
  | { code: 'duplicate_header'; line: number; header: string; column: number };

export type ParseResult = {
  headers: string[];
  /** The line the header row is on (blank lines before it are skipped). */
  headerLine: number;
  rows: ParsedRow[];
  delimiter: Delimiter;
  /** Rows whose quotes are malformed (a quote inside an unquoted cell), by line. */
  malformedLines: number[];
  error?: FileError;
};

export function detectDelimiter(text: string): Delimiter {
  const sample = text.slice(0, 64 * 1024);
  const guess = Papa.parse<string[]>(sample, { delimitersToGuess: [...DELIMITERS], skipEmptyLines: true, preview: 50 });
  const found = guess.meta.delimiter;
  return (DELIMITERS as readonly string[]).includes(found) ? (found as Delimiter) : ',';
}

function breaksIn(cells: string[], newline: string): number {
  let n = 0;
  for (const cell of cells) {
    let at = cell.indexOf(newline);
    while (at !== -1) {
      n++;
      at = cell.indexOf(newline, at + newline.length);
    }
  }
  return n;
}

const isBlank = (cells: string[]) => cells.length === 1 && cells[0]!.trim() === '';

export interface ParseOptions {
  delimiter?: Delimiter;
  maxRows?: number;
  /** At most this many data rows are returned (the preview); the parse stops there. */
  preview?: number;
  onProgress?: (doneChars: number, totalChars: number) => void;
}

/**
 * Parses the header row and the data rows. Blank lines are skipped (their line numbers still count).
 * Stops at the first unbalanced quote: papaparse would read the rest of the file into that one cell.
 */
export function parseCsv(text: string, options: ParseOptions = {}): ParseResult {
  const delimiter = options.delimiter ?? detectDelimiter(text);
  const maxRows = options.maxRows ?? READ_LIMITS.maxRows;
  const result: ParseResult = { headers: [], headerLine: 1, rows: [], delimiter, malformedLines: [] };
  if (text.trim() === '') return { ...result, error: { code: 'file_empty' } };

  let newline = '\n';
  let line = 1;
  let headerSeen = false;
  let stopped = false;
  // Only a quoted cell can hold a line break: a file without quotes has one row per line.
  const quoted = text.includes('"');
  Papa.parse<string[]>(text, {
    delimiter,
    skipEmptyLines: false,
    chunkSize: 1024 * 1024,
    // A string input is parsed synchronously, chunk by chunk: everything is done when parse returns.
    complete() {},
    chunk(chunk: Papa.ParseResult<string[]>, handle: Papa.Parser) {
      if (stopped) return;
      if (chunk.meta.linebreak) newline = chunk.meta.linebreak === '\r' ? '\r' : '\n';
      const quoteErrors = new Map<number, string>();
      for (const e of chunk.errors)
        if (e.type === 'Quotes' && typeof e.row === 'number') quoteErrors.set(e.row, e.code);
      for (let i = 0; i < chunk.data.length; i++) {
        const cells = chunk.data[i]!;
        const rowLine = line;
        line += quoted ? 1 + breaksIn(cells, newline) : 1;
        const quote = quoteErrors.get(i);
        if (quote === 'MissingQuotes') {
          result.error = { code: 'unbalanced_quotes', line: rowLine };
          stopped = true;
          handle.abort();
          return;
        }
        if (isBlank(cells)) continue;
        if (!headerSeen) {
          headerSeen = true;
          result.headers = cells.map((h: string) => unguardCell(h).trim());
          result.headerLine = rowLine;
          continue;
        }
        if (quote) result.malformedLines.push(rowLine);
        if (result.rows.length >= maxRows) {
          result.error = { code: 'too_many_rows', maxRows };
          stopped = true;
          handle.abort();
          return;
        }
        for (let c = 0; c < cells.length; c++) cells[c] = unguardCell(cells[c]!);
        result.rows.push({ line: rowLine, cells });
        if (options.preview !== undefined && result.rows.length >= options.preview) {
          stopped = true;
          handle.abort();
          return;
        }
      }
      options.onProgress?.(chunk.meta.cursor, text.length);
    },
  });
  if (result.error) return result;

  const seen = new Map<string, number>();
  for (const [column, header] of result.headers.entries()) {
    const key = header.toLowerCase();
    if (header !== '' && seen.has(key))
      return { ...result, error: { code: 'duplicate_header', line: result.headerLine, header, column: column + 1 } };
    seen.set(key, column);
  }
  if (options.preview === undefined && result.rows.length === 0) return { ...result, error: { code: 'no_data_rows' } };
  return result;
}
