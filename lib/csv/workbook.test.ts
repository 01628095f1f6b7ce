import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { xlsx } from '../../e2e/support/xlsx';
import { isScientific } from './excel-damage';
import { cellText, sheetRows, storedNumber } from './workbook';

describe('a workbook sheet as the import reads it', () => {
  it('reads each number as the file stores it, never as Excel displays it; skips blank rows; picks the sheet', async () => {
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
    const sheets = (await readXlsxFile(file, { parseNumber: storedNumber, trim: false })) as unknown as { sheet: string; data: (string | null)[][] }[];
    expect(sheets.map((s) => s.sheet)).toEqual(['Notes', 'SKUs']);
    const read = sheetRows(sheets[1]!.data);
    expect(read.headers).toEqual(['outerSysCode', 'barcode', 'sellPrice']);
    expect(read.rows).toEqual([
      { line: 2, cells: ['00123', '4710001000003', '99.5'] },
      // Past 15 digits the number was never exact: it arrives in scientific notation, which the check names.
      { line: 4, cells: ['S-2', '1.2345678901234567e+19', '10'] },
    ]);
    expect(isScientific(read.rows[1]!.cells[1]!)).toBe(true);
  });

  it('dates as ISO, booleans as true/false, blanks as empty', () => {
    expect(cellText(new Date('2026-11-25T00:00:00Z'))).toBe('2026-11-25');
    expect(cellText(true)).toBe('true');
    expect(cellText(null)).toBe('');
    expect(sheetRows([[null], ['a']]).error).toEqual({ code: 'no_data_rows' });
  });
});
