import { describe, expect, it } from 'vitest';
import { errorFileBytes, errorFileXlsx } from '../imports/error-file';
import { toCsv } from './csv-write';
import { guardCell, guardText, unguardCell } from './formula-guard';
import { readCsvBytes } from './csv-read';
import { sheetRows } from './workbook';
import { toXlsx } from './xlsx-write';
import { readWorkbook } from './xlsx-read';

/**
 * The formula guard written and undone (issue 47): every string leaves the console guarded against formulas and
 * comes back through the import's readers as exactly the value it was, a real leading apostrophe included.
 */

const TRICKY = [
  '',
  "'",
  "''",
  "'''",
  "''=1",
  "'+886",
  "'=x",
  "'abc",
  "'s-Hertogenbosch",
  '=SUM(A1)',
  '=HYPERLINK("http://evil")',
  '+886 2 2345 6789',
  '+886912345678',
  '-5',
  '- note',
  '@x',
  '\tx',
  '\rx',
  '＝1+1',
  '＋886',
  '－1',
  '＠x',
  'plain',
  '1=1',
  ' =x',
  '台北 "好食", 公司',
  "O'Brien",
];

describe('the formula guard', () => {
  it.each(['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx', '\rx', '＝1+1', '＋1', '－1', '＠x'])(
    'neutralises %j for a CSV',
    (v) => {
      expect(guardCell(v)).toBe(`'${v}`);
    },
  );

  it.each(['plain', '1=1', ' =x', '台北', '', "'", "'quoted", "O'Brien"])('leaves %j alone', (v) => {
    expect(guardCell(v)).toBe(v);
    expect(guardText(v)).toBe(v);
  });

  it.each(["'+886", "''=1", "''", "'=x", "'－1"])(
    'doubles the apostrophe of %j, which reads like a guarded cell',
    (v) => {
      expect(guardCell(v)).toBe(`'${v}`);
      expect(guardText(v)).toBe(`'${v}`);
    },
  );

  it('needs no guard in a workbook Text cell', () => {
    for (const v of ['=SUM(A1)', '+886', '-5', '@x']) expect(guardText(v)).toBe(v);
  });

  it.each(TRICKY)('undoes exactly what it wrote: %j', (v) => {
    expect(unguardCell(guardCell(v))).toBe(v);
    expect(unguardCell(guardText(v))).toBe(v);
  });

  it('keeps an apostrophe that is no guard', () => {
    expect(unguardCell("'abc")).toBe("'abc");
    expect(unguardCell("'")).toBe("'");
    expect(unguardCell("'+886")).toBe('+886');
  });
});

type Row = { value: string };
const column = [{ header: 'name', value: (r: Row) => r.value }];
const rows: Row[] = TRICKY.filter((v) => v.trim() !== '').map((value) => ({ value }));
// The import trims a cell's outer whitespace when it reads its value; the file's cells themselves come back whole.
const expected = rows.map((r) => [r.value]);

describe('files the console writes read back as the values they carried', () => {
  it('an export as CSV', async () => {
    const read = await readCsvBytes(new TextEncoder().encode(toCsv(rows, column)));
    expect(read.headers).toEqual(['name']);
    expect(read.rows.map((r) => r.cells)).toEqual(expected);
  });

  it('an export as .xlsx', async () => {
    const read = sheetRows(readWorkbook(await toXlsx(rows, column, 'export')).data);
    expect(read.rows.map((r) => r.cells)).toEqual(expected);
  });

  it('an error file as CSV, in each encoding, and as .xlsx', async () => {
    const failed = rows.map((r) => ({ cells: [r.value], errors: '=bad' }));
    for (const encoding of ['utf-8', 'big5', 'utf-16le'] as const) {
      const file = errorFileBytes({ headers: ['name'], delimiter: ',', encoding, errorHeader: 'Errors', rows: failed });
      const read = await readCsvBytes(file.bytes);
      expect(read.rows.map((r) => r.cells)).toEqual(expected.map((cells) => [...cells, '=bad']));
    }
    const read = sheetRows(
      readWorkbook(await errorFileXlsx({ headers: ['name'], mapping: ['name'], errorHeader: 'Errors', rows: failed }))
        .data,
    );
    expect(read.rows.map((r) => r.cells)).toEqual(expected.map((cells) => [...cells, '=bad']));
  });
});
