import ExcelJS from 'exceljs';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { xlsx } from '../../e2e/support/xlsx';
import { isScientific } from '../imports/excel-damage';
import { sheetRows } from './workbook';
import { isDateFormat, readWorkbook, WorkbookError } from './xlsx-read';
import { scanSheetData } from './xlsx-sheet-scan';

describe('reading a sheet of an .xlsx workbook', () => {
  it('reads each number as the file stores it, never as Excel displays it; skips blank rows; picks the sheet', () => {
    const file = xlsx([
      { name: 'Notes', rows: [['nothing to import']] },
      {
        name: 'SKUs',
        rows: [
          ['outerSysCode', 'barcode', 'sellPrice', ''],
          ['00123', 4710001000003, 99.5, ''],
          ['', '', '', ''],
          ['S-2', 12345678901234567890, 10, ''],
        ],
      },
    ]);
    const first = readWorkbook(file);
    expect(first).toMatchObject({ sheets: ['Notes', 'SKUs'], sheet: 'Notes' });
    const chosen = readWorkbook(file, 'SKUs');
    expect(chosen.sheet).toBe('SKUs');
    const read = sheetRows(chosen.data);
    expect(read.headers).toEqual(['outerSysCode', 'barcode', 'sellPrice']);
    expect(read.rows).toEqual([
      { line: 2, cells: ['00123', '4710001000003', '99.5'] },
      // Past 15 digits the number was never exact: it arrives in scientific notation, which the check names.
      { line: 4, cells: ['S-2', '1.2345678901234567e+19', '10'] },
    ]);
    expect(isScientific(read.rows[1]!.cells[1]!)).toBe(true);
  });

  it('reads what a spreadsheet program writes: shared and rich strings, formats, dates, booleans, formulas, gaps', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Prices & dates');
    sheet.addRow(['code', 'price', 'from', 'active', 'total', 'note']);
    const row = sheet.addRow([
      '00123',
      1234.5,
      new Date(Date.UTC(2026, 10, 25)),
      true,
      { formula: 'B2*2', result: 2469 },
      { richText: [{ text: '高山' }, { text: ' <烏龍> & 茶', font: { bold: true } }] },
    ]);
    row.getCell(2).numFmt = '#,##0.00';
    row.getCell(3).numFmt = 'yyyy-mm-dd';
    sheet.getCell('B4').value = 7;
    const read = readWorkbook(new Uint8Array(await book.xlsx.writeBuffer()));
    expect(read.sheets).toEqual(['Prices & dates']);
    const rows = sheetRows(read.data);
    expect(rows.headers).toEqual(['code', 'price', 'from', 'active', 'total', 'note']);
    expect(rows.rows).toEqual([
      { line: 2, cells: ['00123', '1234.5', '2026-11-25', 'true', '2469', '高山 <烏龍> & 茶'] },
      { line: 4, cells: ['', '7', '', '', '', ''] },
    ]);
  });

  it('reads a sheet the quick scan leaves to the XML parser (a prefix, a comment) as the same cells', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('S');
    sheet.addRow(['code', 'name', 'price']);
    sheet.addRow(['00123', 'A & B <tea>', 12.5]);
    sheet.getCell('C4').value = 7;
    sheet.getCell('A5').value = { richText: [{ text: 'rich ' }, { text: 'text', font: { italic: true } }] };
    const files = unzipSync(new Uint8Array(await book.xlsx.writeBuffer()));
    const xml = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(scanSheetData(xml, () => {})).toBe(5);
    const commented = xml.replace('<sheetData>', '<sheetData><!-- written by hand -->');
    expect(scanSheetData(commented, () => {})).toBeNull();
    const prefixed = xml
      .replace(/<(\/?)(sheetData|row|c|v)\b/g, '<$1x:$2')
      .replace('<worksheet ', '<worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ');
    expect(scanSheetData(prefixed, () => {})).toBeNull();
    const expected = readWorkbook(zipSync(files)).data;
    expect(expected[1]).toEqual(['00123', 'A & B <tea>', { stored: '12.5' }]);
    expect(expected[4]).toEqual(['rich text']);
    for (const variant of [commented, prefixed])
      expect(readWorkbook(zipSync({ ...files, 'xl/worksheets/sheet1.xml': strToU8(variant) })).data).toEqual(expected);
  });

  it('tells date formats from number formats', () => {
    for (const code of ['yyyy-mm-dd', 'd/m/yy', '[$-404]e/m/d', 'hh:mm', 'mmm d, yyyy'])
      expect(isDateFormat(code), code).toBe(true);
    for (const code of ['General', '#,##0.00', '0.00E+00', '"NT$"#,##0.00', '[Red]0.00', '@'])
      expect(isDateFormat(code), code).toBe(false);
  });

  it('a file that is not a workbook is said so', () => {
    expect(() => readWorkbook(new TextEncoder().encode('id,name\n1,a\n'))).toThrow(WorkbookError);
  });
});
