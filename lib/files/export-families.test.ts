import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { CreditRow, PointRow } from '@/lib/contract/console/quotas';
import { en } from '@/messages/en';
import { zhTW } from '@/messages/zh-TW';
import { FAMILIES, type FamilyName } from '../imports/families';
import { autoMap } from '../imports/mapping';
import { checkParsed } from '../imports/read-check';
import { toCsv } from './csv-write';
import { exportColumns, type ExportNames, type ExportResource } from './export-columns';
import { quotaExportColumns, type QuotaRow } from './quota-export-columns';
import { sheetRows } from './workbook';
import { xlsxStream } from './xlsx-stream';
import { toXlsx, type XlsxColumn } from './xlsx-write';
import { readWorkbook } from './xlsx-read';

/**
 * Every export family reads in Excel as figures a manager can add up (issue 54 point 2): each family's .xlsx is
 * read back with exceljs, its money column summed, and its identifiers found as text. The Exports page's four
 * resources go through the server's streamed writer, the Quotas page's two tabs through the browser's.
 */

type Catalogue = typeof en;
const LOCALES: [string, Catalogue][] = [
  ['en', en],
  ['zh-TW', zhTW as unknown as Catalogue],
];

async function sheetOf(bytes: Uint8Array): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  return workbook.worksheets[0]!;
}

async function streamed<Row>(columns: XlsxColumn<Row>[], rows: Row[]): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of xlsxStream('export', columns, async function* () {
    yield rows;
  }))
    parts.push(part);
  return new Uint8Array(Buffer.concat(parts));
}

/** A column's cells below the header, found by its header text. */
function column(sheet: ExcelJS.Worksheet, header: string): ExcelJS.Cell[] {
  const headers = (sheet.getRow(1).values as unknown[]).slice(1);
  const at = headers.indexOf(header);
  expect(at, `a column headed ${header}`).toBeGreaterThanOrEqual(0);
  const cells: ExcelJS.Cell[] = [];
  for (let r = 2; r <= sheet.rowCount; r++) cells.push(sheet.getCell(r, at + 1));
  return cells;
}

function sumOfMoney(cells: ExcelJS.Cell[]): number {
  for (const cell of cells) {
    expect(cell.type).toBe(ExcelJS.ValueType.Number);
    expect(cell.numFmt).toBe('"NT$"#,##0.00');
  }
  // Summed in cents, as Excel's SUM of two-decimal amounts shows it.
  return Math.round(cells.reduce((s, c) => s + (c.value as number) * 100, 0)) / 100;
}

const names: ExportNames = {
  product: new Map([[7, { name: '高山烏龍茶', productCategoryId: 2 }]]),
  category: new Map([[2, '茶葉']]),
};

const sku = (id: number, code: string, price: number, sellPrice: number, qty: number, precision: number) => ({
  id,
  outerSysCode: code,
  name: `SKU ${id}`,
  productId: 7,
  barcode: '4710001000003',
  warehouse: 'A1',
  unit: '包',
  spec: null,
  price,
  sellPrice,
  quantityPrecision: precision,
  status: 'Active',
  inventoryQty: qty,
});

const EXPORTS_PAGE: Record<ExportResource, { rows: Record<string, unknown>[]; money?: [string, number] }> = {
  skus: {
    rows: [sku(1, '00123', 450, 399.5, 12, 0), sku(2, 'S-2', 1234567.89, 1000000.1, 2.125, 3)],
    money: ['sellPrice', 1000399.6],
  },
  bundles: {
    rows: [
      { ...sku(10, 'B1', 900, 799, 0, 0), skuId: 11, productCategoryId: 2, availableQty: 3 },
      { ...sku(12, 'B2', 100.25, 80.75, 0, 1), skuId: 13, productCategoryId: 2, availableQty: 1.5 },
    ],
    money: ['price', 1000.25],
  },
  companies: {
    rows: [{ id: 1, outerSysCode: '00042', name: '好食貿易', cellPhone: '0912345678', internalUserId: 3 }],
  },
  products: { rows: [{ id: 5, outerSysCode: '007', name: '烏龍茶', productCategoryId: 2, status: 'Active' }] },
};

describe('the Exports page, every resource, read back with a spreadsheet library', () => {
  for (const [locale, c] of LOCALES)
    for (const [resource, { rows, money }] of Object.entries(EXPORTS_PAGE) as [
      ExportResource,
      (typeof EXPORTS_PAGE)[ExportResource],
    ][])
      it(`${resource} (${locale}): money adds up, ERP codes and ids are text`, async () => {
        const header = (key: string) => (c.exports.columns as Record<string, string>)[key] ?? key;
        const sheet = await sheetOf(await streamed(exportColumns(resource, header, names), rows));
        if (money) expect(sumOfMoney(column(sheet, header(money[0])))).toBe(money[1]);
        const codes = column(sheet, header('outerSysCode'));
        expect(codes.map((cell) => cell.value)).toEqual(rows.map((r) => r.outerSysCode));
        expect(codes.every((cell) => cell.numFmt === '@')).toBe(true);
        expect(column(sheet, header('id')).map((cell) => cell.value)).toEqual(rows.map((r) => String(r.id)));
      });

  it('a quantity shows its own precision', async () => {
    const header = (key: string) => key;
    const sheet = await sheetOf(await streamed(exportColumns('skus', header, names), EXPORTS_PAGE.skus.rows));
    const qty = column(sheet, 'inventoryQty');
    expect(qty.map((cell) => cell.value)).toEqual([12, 2.125]);
    expect(qty.map((cell) => cell.numFmt)).toEqual(['#,##0', '#,##0.000']);
  });
});

const READ_AT = '2026-12-01T10:30:00.000Z';
const credit: CreditRow[] = [
  {
    companyId: 1,
    code: '00042',
    name: '好食貿易',
    creditAmount: 2000000,
    pendingAmount: 630990.44,
    availableAmount: -630990.44,
    utilisation: 1.2748370261780104,
    enabled: true,
    memo: null,
    readAt: READ_AT,
  },
  {
    companyId: 2,
    code: 'C2',
    name: '台北',
    creditAmount: 150000.5,
    pendingAmount: 0,
    availableAmount: 150000.5,
    utilisation: 0,
    enabled: false,
    memo: '月結',
    readAt: READ_AT,
  },
];
const points: PointRow[] = credit.map((r, i) => ({ ...r, balance: i === 0 ? 1500 : 20.5 }));

describe('the Quotas export, read back with a spreadsheet library', () => {
  for (const [locale, c] of LOCALES) {
    const words = {
      header: (key: string) =>
        key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], c.quotas) as string,
      yes: c.quotas.filters.yes,
      no: c.quotas.filters.no,
    };
    it(`credit (${locale}): amounts are money that adds up, utilisation a percentage, enabled in words, read at in Taipei time`, async () => {
      const columns = quotaExportColumns('credit', words);
      const bytes = await toXlsx<QuotaRow>(credit, columns, 'credit-quotas', { timeZone: 'Asia/Taipei' });
      const sheet = await sheetOf(bytes);
      const q = c.quotas.credit;
      expect(sumOfMoney(column(sheet, q.creditAmount))).toBe(2150000.5);
      expect(sumOfMoney(column(sheet, q.availableAmount))).toBe(-480989.94);
      const utilisation = column(sheet, q.utilisation);
      expect(utilisation.map((cell) => cell.value)).toEqual([1.2748370261780104, 0]);
      expect(utilisation.every((cell) => cell.numFmt === '0.0%')).toBe(true);
      expect(column(sheet, q.enabled).map((cell) => cell.value)).toEqual([words.yes, words.no]);
      const readAt = column(sheet, `${q.readAt} (Asia/Taipei)`)[0]!;
      // 10:30 UTC is 18:30 in Taipei: the cell holds the time a person there reads on screen.
      expect(readAt.value).toEqual(new Date('2026-12-01T18:30:00.000Z'));
      expect(readAt.numFmt).toBe('yyyy-mm-dd hh:mm:ss');
      expect(column(sheet, q.code).map((cell) => cell.value)).toEqual(['00042', 'C2']);
      expect(column(sheet, q.companyId).map((cell) => cell.value)).toEqual(['1', '2']);
      // No API name in the header row, in either language.
      expect((sheet.getRow(1).values as unknown[]).slice(1)).not.toContain('companyId');
    });

    it(`credit (${locale}): the workbook imports back with no manual mapping, enabled read as yes and no`, async () => {
      const bytes = await toXlsx<QuotaRow>(credit, quotaExportColumns('credit', words), 'credit-quotas');
      const read = sheetRows(readWorkbook(bytes).data);
      const family = FAMILIES.creditQuotas;
      const mapping = autoMap(read.headers, family, en.imports.fields);
      expect(mapping.filter(Boolean)).toEqual(['companyId', 'companyCode', 'creditAmount', 'enabled', 'memo']);
      const { summary } = checkParsed({ ...read, malformedLines: [] }, family, mapping, { shown: 10 });
      expect(summary.counts).toMatchObject({ rows: 2, toSend: 2, heldBack: 0 });
      const enabledAt = mapping.indexOf('enabled');
      expect(read.rows.map((r) => r.cells[enabledAt])).toEqual([words.yes, words.no]);
    });

    it(`points (${locale}): the balance is a number that adds up; the CSV has the same columns, numbers unformatted`, async () => {
      const columns = quotaExportColumns('points', words);
      const sheet = await sheetOf(await toXlsx<QuotaRow>(points, columns, 'point-quotas'));
      const balance = column(sheet, c.quotas.points.balance);
      expect(balance.every((cell) => cell.type === ExcelJS.ValueType.Number)).toBe(true);
      expect(balance.reduce((s, cell) => s + (cell.value as number), 0)).toBe(1520.5);
      const csv = toCsv<QuotaRow>(points, columns).split('\r\n');
      expect(csv[0]).toBe('\uFEFF' + columns.map((col) => col.header).join(','));
      expect(csv[1]!.split(',').slice(3, 5)).toEqual(['1500', words.yes]);
      const family: FamilyName = 'pointQuotas';
      const read = sheetRows(readWorkbook(await toXlsx<QuotaRow>(points, columns, 'p')).data);
      expect(autoMap(read.headers, FAMILIES[family], en.imports.fields).filter(Boolean)).toEqual([
        'companyId',
        'companyCode',
        'balance',
        'enabled',
        'memo',
      ]);
    });
  }
});
