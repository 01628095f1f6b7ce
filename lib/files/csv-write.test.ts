import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvFileName, csvHeader, csvLines, toCsv, UTF8_BOM } from './csv-write';

const parse = (csv: string) => Papa.parse<string[]>(csv.slice(UTF8_BOM.length), { skipEmptyLines: true }).data;

describe('toCsv', () => {
  const columns = [
    { header: 'Code', value: (r: { code: string | null; qty: number }) => r.code },
    { header: 'Qty', value: (r: { code: string | null; qty: number }) => r.qty },
  ];

  it('starts with a UTF-8 BOM and keeps Chinese text intact', () => {
    const csv = toCsv([{ code: '台北分公司', qty: 1 }], columns);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(parse(csv)).toEqual([
      ['Code', 'Qty'],
      ['台北分公司', '1'],
    ]);
  });

  it('guards formula cells but writes negative numbers as numbers', () => {
    const csv = toCsv(
      [
        { code: '=HYPERLINK("http://evil")', qty: -5 },
        { code: '＠SUM(1)', qty: 0 },
      ],
      columns,
    );
    expect(parse(csv)).toEqual([
      ['Code', 'Qty'],
      [`'=HYPERLINK("http://evil")`, '-5'],
      [`'＠SUM(1)`, '0'],
    ]);
  });

  it('quotes commas, quotes and newlines so every row round-trips', () => {
    const rows = [
      { code: 'a,"b"\nc', qty: 2 },
      { code: null, qty: 3 },
    ];
    expect(parse(toCsv(rows, columns))).toEqual([
      ['Code', 'Qty'],
      ['a,"b"\nc', '2'],
      ['', '3'],
    ]);
  });

  it('guards a header cell too', () => {
    expect(parse(toCsv([], [{ header: '=x', value: () => '' }]))).toEqual([["'=x"]]);
  });

  it('uses CRLF line ends', () => {
    expect(toCsv([{ code: 'a', qty: 1 }], columns)).toBe(`${UTF8_BOM}Code,Qty\r\na,1`);
  });
});

describe('csvFileName', () => {
  it('stamps the local date', () => {
    expect(csvFileName('companies', new Date(2026, 0, 5))).toBe('companies-2026-01-05.csv');
  });
});

describe('CSV written in parts', () => {
  it('equals the whole-file writer: BOM, header, CRLF lines, the formula guard', () => {
    const columns = [
      { header: '名稱', value: (r: { name: string; n: number }) => r.name },
      { header: 'n', value: (r: { name: string; n: number }) => r.n },
    ];
    const rows = [
      { name: '=1+1', n: -2 },
      { name: 'a,"b"', n: 3 },
    ];
    expect(
      csvHeader(columns) +
        csvLines(rows.slice(0, 1), columns) +
        csvLines(rows.slice(1), columns) +
        csvLines([], columns),
    ).toBe(`${toCsv(rows, columns)}\r\n`);
  });
});
