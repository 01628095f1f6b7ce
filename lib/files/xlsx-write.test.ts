import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { en } from '@/messages/en';
import { toCsv } from './csv-write';
import { FAMILIES } from '../imports/families';
import { autoMap, unusedColumns } from '../imports/mapping';
import { checkParsed } from '../imports/read-check';
import { readCsvBytes } from './csv-read';
import { sheetRows } from './workbook';
import { toXlsx, type XlsxColumn } from './xlsx-write';
import { readWorkbook } from './xlsx-read';

/**
 * The SKU list's Excel export (issue 31 point 1) reads back, through the import's own workbook reader, as
 * exactly the cells its CSV reads back as: the same headers (mapped with no manual step), the same text in
 * every cell, so an unchanged file changes nothing. Barcodes and codes are Text cells Excel cannot convert.
 */

type Sku = {
  id: number;
  productId: number;
  outerSysCode: string;
  name: string;
  barcode: string | null;
  unit: string;
  price: number;
  sellPrice: number;
  quantityPrecision: number;
};

const f = en.skus.fields;
// As app/(console)/skus/_components/skus-list.tsx writes them for the exports.
const columns: XlsxColumn<Sku>[] = [
  { header: f.id, value: (s) => s.id },
  { header: `${f.productId} id`, value: (s) => s.productId },
  { header: f.outerSysCode, value: (s) => s.outerSysCode },
  { header: f.name, value: (s) => s.name },
  { header: f.sellPrice, value: (s) => s.sellPrice, kind: 'money' },
  { header: f.barcode, value: (s) => s.barcode },
  { header: f.unit, value: (s) => s.unit },
  { header: f.price, value: (s) => s.price, kind: 'money' },
  { header: f.quantityPrecision, value: (s) => s.quantityPrecision, kind: 'number' },
];

const skus: Sku[] = [
  {
    id: 1,
    productId: 7,
    outerSysCode: '00123',
    name: '高山烏龍茶',
    barcode: '4710001000003',
    unit: '包',
    price: 120,
    sellPrice: 99.5,
    quantityPrecision: 0,
  },
  {
    id: 2,
    productId: 7,
    outerSysCode: '4710001000010',
    name: 'Tea, "green"',
    barcode: '12345678901234567890',
    unit: 'box',
    price: 1500000,
    sellPrice: 1234567.89,
    quantityPrecision: 2,
  },
  {
    id: 3,
    productId: 8,
    outerSysCode: 'S-3',
    name: 'No barcode',
    barcode: null,
    unit: '盒',
    price: 10,
    sellPrice: 9,
    quantityPrecision: 3,
  },
];

async function readBack(bytes: Uint8Array) {
  const read = readWorkbook(bytes);
  expect(read.sheets).toEqual(['skus']);
  return sheetRows(read.data);
}

describe('the SKU list as an Excel workbook', () => {
  it('reads back through the workbook reader as the same cells as its CSV, mapped with no manual step, every row checked clean', async () => {
    const fromXlsx = await readBack(await toXlsx(skus, columns, 'skus'));
    const fromCsv = await readCsvBytes(new TextEncoder().encode(toCsv(skus, columns)));
    expect(fromXlsx.error).toBeUndefined();
    expect(fromXlsx.headers).toEqual(fromCsv.headers);
    expect(fromXlsx.rows.map((r) => r.cells)).toEqual(fromCsv.rows.map((r) => r.cells));
    // The identifiers exactly as the platform holds them, zeros and all 20 digits.
    expect(fromXlsx.rows[0]!.cells.slice(0, 6)).toEqual(['1', '7', '00123', '高山烏龍茶', '99.5', '4710001000003']);
    expect(fromXlsx.rows[1]!.cells[5]).toBe('12345678901234567890');
    expect(fromXlsx.rows[2]!.cells[5]).toBe('');

    const mapping = autoMap(fromXlsx.headers, FAMILIES.skus, en.imports.fields);
    expect(unusedColumns(fromXlsx.headers, FAMILIES.skus, mapping).unknown).toEqual([]);
    expect(mapping).toEqual([
      'id',
      'productId',
      'outerSysCode',
      'name',
      'sellPrice',
      'barcode',
      'unit',
      'price',
      'quantityPrecision',
    ]);
    const { summary } = checkParsed({ ...fromXlsx, malformedLines: [] }, FAMILIES.skus, mapping, { shown: 10 });
    expect(summary).toMatchObject({ counts: { rows: 3, toSend: 3, heldBack: 0, warned: 0 }, issueRows: [] });
  });

  it('writes identifiers as Text cells and amounts as numbers with two decimals, under a bold, frozen, filtered header', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await toXlsx(skus, columns, 'skus')) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('skus')!;
    const barcode = sheet.getCell('F2');
    expect(barcode.type).toBe(ExcelJS.ValueType.String);
    expect(barcode.value).toBe('4710001000003');
    expect(barcode.numFmt).toBe('@');
    expect(sheet.getCell('C2').value).toBe('00123');
    expect(sheet.getCell('A2').value).toBe('1');
    const price = sheet.getCell('E3');
    expect(price.type).toBe(ExcelJS.ValueType.Number);
    expect(price.value).toBe(1234567.89);
    expect(price.numFmt).toBe('"NT$"#,##0.00');
    expect(sheet.getCell('I3').value).toBe(2);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
  });

  it('a cell that would be a formula in a CSV is plain text in the workbook and reads back unchanged', async () => {
    const read = await readBack(await toXlsx([{ ...skus[0]!, name: '=HYPERLINK("http://x")' }], columns, 'skus'));
    expect(read.rows[0]!.cells[3]).toBe('=HYPERLINK("http://x")');
  });
});
