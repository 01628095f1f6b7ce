import { unzipSync } from 'fflate';
import { Parser } from 'saxen';
import type { SheetCell } from './workbook';
import { columnOf, scanSharedStrings, scanSheetData } from './xlsx-sheet-scan';

/**
 * Reads one sheet of an .xlsx workbook as its cells' raw values and types: numbers as the text the file stores
 * (never Excel's displayed text), strings, booleans, and dates where the cell's number format is a date.
 *
 * Why not read-excel-file any more: it parses a sheet in chunks sized by how long the last one took, calls
 * itself once per chunk (on a busy machine, thousands deep: a stack overflow at 100,000 rows) and copies every
 * row read so far at each chunk (time growing with the square of the rows); 9.3.17 is its latest release. This
 * reader unzips with fflate and reads the XML with saxen (the two libraries read-excel-file itself is built on,
 * both maintained; saxen is among the fastest SAX parsers in JavaScript) in one pass, with no recursion and no
 * copying; the sheet's cells and the shared strings, where nearly all the time goes, are read by a quick scan
 * (./xlsx-sheet-scan.ts) for the shape spreadsheet programs write, with saxen for anything else.
 */

export interface WorkbookSheet {
  /** Every sheet's name, in the workbook's order. */
  sheets: string[];
  /** The sheet read. */
  sheet: string;
  data: SheetCell[][];
}

export class WorkbookError extends Error {}

const decoder = new TextDecoder('utf-8');
const localName = (name: string) => {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
};

type OpenTag = (name: string, attrs: () => Record<string, string>, selfClosing: boolean) => void;
type CloseTag = (name: string) => void;
type Text = (text: string) => void;

/** One pass over an XML part; element names without their namespace prefix, text and attributes with entities decoded. */
function walk(xml: string, open: OpenTag, close?: CloseTag, text?: Text) {
  const parser = new Parser();
  // saxen hands attribute values over as written: entities (a sheet named "A &amp; B") are decoded here.
  const decoded = (attrs: () => Record<string, string>, decode: (text: string) => string) => () => {
    const values = attrs();
    for (const key in values) if (values[key]!.includes('&')) values[key] = decode(values[key]!);
    return values;
  };
  parser.on('openTag', (name, attrs, decode, selfClosing) =>
    open(localName(name), decoded(attrs, decode), selfClosing),
  );
  if (close) parser.on('closeTag', (name) => close(localName(name)));
  if (text) parser.on('text', (value, decode) => text(value.includes('&') ? decode(value) : value));
  parser.on('error', (error) => {
    throw new WorkbookError(error.message);
  });
  parser.parse(xml);
}

/** The sheets' names and the zip paths of their parts (the workbook's relationships resolve each sheet). */
function sheetList(files: Record<string, Uint8Array>): {
  sheets: { name: string; path: string }[];
  epoch1904: boolean;
} {
  const rels = new Map<string, string>();
  const relsXml = files['xl/_rels/workbook.xml.rels'];
  if (relsXml) {
    walk(decoder.decode(relsXml), (name, attrs) => {
      if (name !== 'Relationship') return;
      const { Id, Target } = attrs();
      if (Id && Target) rels.set(Id, Target.startsWith('/') ? Target.slice(1) : `xl/${Target}`);
    });
  }
  const sheets: { name: string; path: string }[] = [];
  let epoch1904 = false;
  const book = files['xl/workbook.xml'];
  if (!book) throw new WorkbookError('no workbook part');
  walk(decoder.decode(book), (name, attrs) => {
    if (name === 'workbookPr') epoch1904 = ['1', 'true'].includes(attrs().date1904 ?? '');
    if (name !== 'sheet') return;
    const a = attrs();
    const id = a['r:id'] ?? Object.entries(a).find(([k]) => localName(k) === 'id')?.[1];
    const path = (id && rels.get(id)) ?? `xl/worksheets/sheet${sheets.length + 1}.xml`;
    sheets.push({ name: a.name ?? `Sheet${sheets.length + 1}`, path });
  });
  return { sheets, epoch1904 };
}

/** The workbook's shared strings (a cell of type "s" holds an index into them); phonetic runs are left out. */
function sharedStrings(bytes: Uint8Array | undefined): string[] {
  const strings: string[] = [];
  if (!bytes) return strings;
  const xml = decoder.decode(bytes);
  const scanned = scanSharedStrings(xml);
  if (scanned) return scanned;
  let current = '';
  let inText = false;
  let phonetic = 0;
  walk(
    xml,
    (name, _attrs, selfClosing) => {
      if (name === 'si') current = '';
      else if (name === 't') inText = !selfClosing;
      else if (name === 'rPh') phonetic++;
    },
    (name) => {
      if (name === 'si') strings.push(current);
      else if (name === 't') inText = false;
      else if (name === 'rPh') phonetic--;
    },
    (text) => {
      if (inText && phonetic === 0) current += text;
    },
  );
  return strings;
}

// Excel's built-in date and time formats (ECMA-376 §18.8.30, with the CJK ones).
const BUILT_IN_DATES = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54, 55, 56,
  57, 58,
]);

/** A custom number format that shows a date or time: d, m, y, h or s outside quoted text, escapes and [colours]. */
export function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[[^\]]*\]/g, '');
  return /[dmyhs]/i.test(bare) && !/^general$/i.test(bare.trim());
}

/** Whether each cell style (the `s` attribute's index) formats its number as a date. */
function dateStyles(xml: Uint8Array | undefined): boolean[] {
  const styles: boolean[] = [];
  if (!xml) return styles;
  const custom = new Map<number, string>();
  let inCellXfs = false;
  walk(
    decoder.decode(xml),
    (name, attrs) => {
      if (name === 'numFmt') {
        const a = attrs();
        custom.set(Number(a.numFmtId), a.formatCode ?? '');
      } else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(attrs().numFmtId ?? 0);
        const code = custom.get(id);
        styles.push(code !== undefined ? isDateFormat(code) : BUILT_IN_DATES.has(id));
      }
    },
    (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  );
  return styles;
}

const DAY_MS = 86_400_000;
/** A date serial as a Date (UTC): the 1900 system counts the 29 February 1900 that never was. */
function serialDate(serial: number, epoch1904: boolean): Date {
  if (epoch1904) return new Date(Date.UTC(1904, 0, 1) + Math.round(serial * DAY_MS));
  return new Date(Date.UTC(1899, 11, serial < 61 ? 31 : 30) + Math.round(serial * DAY_MS));
}

/** The sheet's rows of cells; rows and cells it skips (blank) are left empty, so line numbers hold. */
function sheetData(xml: string, read: CellReader): SheetCell[][] {
  const scanned: SheetCell[][] = [];
  const found = scanSheetData(xml, (r, column, type, style, value) => {
    if (r < 1) return;
    while (scanned.length < r) scanned.push([]);
    const row = scanned[r - 1]!;
    while (row.length < column) row.push(null);
    row[column] = read(type, value, style);
  });
  return found === null ? parsedSheetData(xml, read) : scanned;
}

/** The same, with saxen: any sheet the scan leaves (./xlsx-sheet-scan.ts). */
function parsedSheetData(xml: string, read: CellReader): SheetCell[][] {
  const rows: SheetCell[][] = [];
  let row: SheetCell[] | null = null;
  let rowNumber = 0;
  let column = -1;
  let type = '';
  let style: string | undefined;
  let value = '';
  let inValue = false;
  let phonetic = 0;
  // saxen directly, not through walk(): this part holds every cell, and the indirection showed in the profile.
  const parser = new Parser();
  parser.on('openTag', (tag, attrs, _decode, selfClosing) => {
    const name = localName(tag);
    // An empty cell (<c r="B2"/>) only takes its place; its value stays blank.
    if (name === 'c') {
      const a = attrs();
      column = a.r ? columnOf(a.r) : column + 1;
      type = a.t ?? 'n';
      style = a.s;
      value = '';
    } else if (name === 'v' || name === 't') {
      inValue = !selfClosing;
    } else if (name === 'row') {
      const r = attrs().r;
      rowNumber = r ? Number(r) : rowNumber + 1;
      row = [];
      column = -1;
    } else if (name === 'rPh') phonetic++;
  });
  parser.on('closeTag', (tag) => {
    const name = localName(tag);
    if (name === 'v' || name === 't') inValue = false;
    else if (name === 'rPh') phonetic--;
    else if (name === 'c' && row && value !== '') {
      while (row.length < column) row.push(null);
      row[column] = read(type, value, style);
    } else if (name === 'row' && row) {
      while (rows.length < rowNumber - 1) rows.push([]);
      rows.push(row);
      row = null;
    }
  });
  parser.on('text', (text, decode) => {
    if (inValue && phonetic === 0) value += text.includes('&') ? decode(text) : text;
  });
  parser.on('error', (error) => {
    throw new WorkbookError(error.message);
  });
  parser.parse(xml);
  return rows;
}

/** A cell's value from its type, its text and its style: shared strings by index, dates by their style. */
type CellReader = (type: string, value: string, style: string | undefined) => SheetCell;

function cellReader(strings: readonly string[], dates: readonly boolean[], epoch1904: boolean): CellReader {
  return (type, value, style) => {
    switch (type) {
      case 's':
        return strings[Number(value)] ?? '';
      case 'inlineStr':
      case 'str':
      case 'e':
        return value;
      case 'b':
        return value === '1' || value === 'true';
      case 'd': {
        const date = new Date(value);
        return Number.isNaN(date.getTime()) ? value : date;
      }
      default: {
        const isDate = style !== undefined && dates[Number(style)] === true;
        return isDate ? serialDate(Number(value), epoch1904) : { stored: value.trim() };
      }
    }
  };
}

/**
 * The named sheet of a workbook (the first when the name is not one of them), with every sheet's name. Throws
 * WorkbookError when the bytes are not a workbook this reader understands.
 */
export function readWorkbook(bytes: Uint8Array, sheet?: string): WorkbookSheet {
  let parts: Record<string, Uint8Array>;
  try {
    parts = unzipSync(bytes, {
      filter: (file) => !file.name.startsWith('xl/worksheets/') && /\.(xml|rels)$/.test(file.name),
    });
  } catch (error) {
    throw new WorkbookError((error as Error).message);
  }
  const { sheets, epoch1904 } = sheetList(parts);
  const chosen = sheets.find((s) => s.name === sheet) ?? sheets[0];
  if (!chosen) throw new WorkbookError('no sheets');
  const sheetXml = unzipSync(bytes, { filter: (file) => file.name === chosen.path })[chosen.path];
  if (!sheetXml) throw new WorkbookError(`no part ${chosen.path}`);
  const xml = decoder.decode(sheetXml);
  const data = sheetData(
    xml,
    cellReader(sharedStrings(parts['xl/sharedStrings.xml']), dateStyles(parts['xl/styles.xml']), epoch1904),
  );
  return { sheets: sheets.map((s) => s.name), sheet: chosen.name, data };
}
