import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { errorFileXlsx } from './error-file';
import { fileCell } from './import-xlsx';
import { sheetRows } from '../files/workbook';
import { readWorkbook } from '../files/xlsx-read';

const headers = ['品號', '條碼', '售價', '產品ID', '備註'];
const mapping = ['outerSysCode', 'barcode', 'sellPrice', 'productId', null];
const rows = [
  { cells: ['00123', '4710001000003', '120.50', '7', '=1+1'], errors: '名稱過長' },
  { cells: ['A-2', '', '1,200', '0042', ''], errors: '=不存在的商品' },
];

async function load(bytes: Uint8Array): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

describe('error file as a workbook', () => {
  it('keeps the file’s columns, identifiers as Text cells and prices as numbers', async () => {
    const sheet = await load(await errorFileXlsx({ headers, mapping, errorHeader: '錯誤', rows }));
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual([...headers, '錯誤']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    const first = sheet.getRow(2);
    for (const col of [1, 2, 4]) {
      expect(typeof first.getCell(col).value).toBe('string');
      expect(first.getCell(col).numFmt).toBe('@');
    }
    expect(first.getCell(1).value).toBe('00123');
    expect(first.getCell(2).value).toBe('4710001000003');
    expect(first.getCell(3).value).toBe(120.5);
    expect(first.getCell(3).numFmt).toBe('"NT$"#,##0.00');
    // The user's own text goes back as it was, a would-be formula included: a text cell is never computed.
    expect(first.getCell(5).value).toBe('=1+1');
    expect(sheet.getRow(3).getCell(3).value).toBe('1,200');
    expect(sheet.getRow(3).getCell(4).value).toBe('0042');
    expect(sheet.getRow(3).getCell(6).value).toBe('=不存在的商品');
  });

  it('reads back through the import’s own reader with the same cells', async () => {
    const bytes = await errorFileXlsx({ headers, mapping, errorHeader: '錯誤', rows });
    const read = sheetRows(readWorkbook(bytes).data);
    expect(read.headers).toEqual([...headers, '錯誤']);
    expect(read.rows.map((r) => r.cells.slice(0, 5))).toEqual([
      ['00123', '4710001000003', '120.5', '7', '=1+1'],
      ['A-2', '', '1,200', '0042', ''],
    ]);
  });
});

describe('fileCell', () => {
  it('makes a number of a plain figure only when nothing is lost', () => {
    expect(fileCell('120.50', 'money')).toBe(120.5);
    expect(fileCell('-3', 'number')).toBe(-3);
    expect(fileCell('0.5', 'number')).toBe(0.5);
    expect(fileCell('4710001000003', 'text')).toBe('4710001000003');
    expect(fileCell('0012', 'number')).toBe('0012');
    expect(fileCell('1234567890123456', 'number')).toBe('1234567890123456');
    expect(fileCell('1e5', 'number')).toBe('1e5');
    expect(fileCell('', 'money')).toBeNull();
  });
});
