import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import type { RowView } from '@/lib/contract/console/imports';
import type { CreditRow, PointRow } from '@/lib/contract/console/quotas';
import { errorFileXlsx } from '@/lib/imports/error-file';
import { resultColumns } from '@/lib/imports/results-file';
import { en } from '@/messages/en';
import { zhTW } from '@/messages/zh-TW';
import { exportColumns, EXPORT_RESOURCES, type ExportNames } from './export-columns';
import { quotaExportColumns, type QuotaRow } from './quota-export-columns';
import { headerFrozenAndFiltered, narrowCells, sheetOf } from './testing/xlsx-widths';
import { xlsxStream } from './xlsx-stream';
import { toXlsx, type XlsxColumn } from './xlsx-write';
import { textWidth } from './xlsx-width';

/**
 * Every workbook the console writes shows its values whole at 100 % zoom (issue 62 point 2): its columns are as
 * wide as their FORMATTED values (NT$ with thousands separators is wider than the number; a Chinese character
 * about two digits), its header row is frozen with filters, its times carry the zone in their header. Both
 * writers: the browser's (Quotas; the list pages in components/data-table) and the server's streamed one (Exports page, audit, History),
 * and the server's in-memory one (an import's results and error file). The rejections report is read back in
 * lib/server/sync/rejections.test.ts, the History and audit workbooks in lib/server/audit/export.test.ts.
 */

const LOCALES = [
  ['en', en],
  ['zh-TW', zhTW],
] as const;

async function streamed<Row>(columns: readonly XlsxColumn<Row>[], pages: Row[][]): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const part of xlsxStream('export', columns, async function* () {
    yield* pages;
  }))
    parts.push(part);
  return new Uint8Array(Buffer.concat(parts));
}

const credit = (i: number, amount: number): CreditRow => ({
  companyId: i,
  code: `C${i}`,
  name: i % 2 ? '好食貿易股份有限公司台北分公司' : 'Good Food Trading',
  creditAmount: amount,
  pendingAmount: amount / 3,
  availableAmount: amount - amount / 3,
  utilisation: 0.3333,
  enabled: true,
  memo: null,
  readAt: '2026-12-07T00:40:00.000Z',
});

describe('every workbook shows its values whole', () => {
  for (const [locale, c] of LOCALES) {
    // As the Quotas page words its export: headers from its own catalogue, enabled in words.
    const q = createTranslator({ locale, messages: c as typeof en, namespace: 'quotas' });
    const table = createTranslator({ locale, messages: c as typeof en, namespace: 'dataTable' });
    const words = {
      header: (key: string) => q(key as Parameters<typeof q>[0]),
      yes: q('filters.yes'),
      no: q('filters.no'),
    };

    it(`the credit workbook (${locale}): no amount narrower than its column, read at with its zone`, async () => {
      const rows = [credit(1, 0), credit(2, 12_345_678.9), credit(3, 99_999_999_999.99), credit(4, -630_990.44)];
      const sheet = await sheetOf(
        await toXlsx<QuotaRow>(rows, quotaExportColumns('credit', words), 'credit', {
          timeZone: 'Asia/Taipei',
          zoneHeader: (header, zone) => table('headerWithZone', { header, zone }),
        }),
      );
      expect(narrowCells(sheet)).toEqual([]);
      expect(headerFrozenAndFiltered(sheet)).toBe(true);
      const headers = (sheet.getRow(1).values as unknown[]).slice(1);
      // The zone in the reader's brackets (full-width in Chinese), as the list's export button words it.
      const readAt =
        locale === 'en' ? `${c.quotas.credit.readAt} (Asia/Taipei)` : `${c.quotas.credit.readAt}（Asia/Taipei）`;
      expect(headers).toContain(readAt);
      // What Excel shows for the largest amount, measured by hand: "NT$99,999,999,999.99" is 20 digits wide.
      const amount = headers.indexOf(c.quotas.credit.creditAmount) + 1;
      expect(sheet.getColumn(amount).width).toBeGreaterThanOrEqual(textWidth('NT$99,999,999,999.99') + 1);
      // The read time is a date cell, not text.
      expect(sheet.getCell(2, headers.indexOf(readAt) + 1).value).toBeInstanceOf(Date);
    });

    it(`every Exports page resource (${locale}), streamed: the widest value decides, even on its last page`, async () => {
      const names: ExportNames = {
        product: new Map([[7, { name: '高山烏龍茶禮盒組合', productCategoryId: 2 }]]),
        category: new Map([[2, '茶葉']]),
      };
      const header = (key: string) => (c.exports.columns as Record<string, string>)[key] ?? key;
      const row = (id: number, price: number) => ({
        id,
        skuId: id + 1,
        outerSysCode: `CODE-${id}`,
        name: '阿里山高山烏龍茶（半斤裝）',
        productId: 7,
        productCategoryId: 2,
        barcode: '4710001000003',
        unit: '包',
        price,
        sellPrice: price,
        quantityPrecision: 3,
        inventoryQty: 1234567.125,
        availableQty: 1234567.125,
        status: 'Active',
      });
      for (const resource of EXPORT_RESOURCES) {
        // Small amounts first: a width taken from the first page alone would show ### on the last.
        const pages = [[row(1, 1)], [row(2, 9_999_999.99)]];
        const sheet = await sheetOf(await streamed(exportColumns(resource, header, names), pages));
        expect(narrowCells(sheet), resource).toEqual([]);
        expect(headerFrozenAndFiltered(sheet)).toBe(true);
      }
    });

    it(`the points workbook (${locale}): balances whole`, async () => {
      const points = (i: number, balance: number): PointRow => ({
        companyId: i,
        code: `C${i}`,
        name: '好食貿易股份有限公司台北分公司',
        balance,
        enabled: i % 2 === 0,
        memo: null,
        readAt: '2026-12-07T00:40:00.000Z',
      });
      const rows = [points(1, 0), points(2, 2_147_483_647), points(3, -1_234_567)];
      const sheet = await sheetOf(
        await toXlsx<QuotaRow>(rows, quotaExportColumns('points', words), 'points', { timeZone: 'Asia/Taipei' }),
      );
      expect(narrowCells(sheet)).toEqual([]);
      expect(headerFrozenAndFiltered(sheet)).toBe(true);
    });

    it(`an import's results and error file (${locale}): the file's prices and the line numbers whole`, async () => {
      const file = {
        headers: ['品號', '售價', '庫存', 'memo'],
        mapping: ['outerSysCode', 'sellPrice', 'inventoryQty', null],
      };
      const row = (line: number, price: string): RowView => ({
        rowNo: line - 2,
        line,
        cells: [`CODE-${line}`, price, '1234567.125', ''],
        status: line % 2 ? 'failed' : 'updated',
        recordId: line % 2 ? null : 1_000_000 + line,
        errors: line % 2 ? [{ code: 'invalid_price', field: 'sellPrice' }] : [],
        warnings: [],
        attempt: 1,
        history: [],
        predicted: line % 2 ? 'update' : null,
      });
      const rows = [row(2, '1'), row(3, '9999999.99'), row(100_001, '-630990.44')];
      const results = await sheetOf(await toXlsx(rows, resultColumns(locale, file, true), 'results'));
      expect(narrowCells(results)).toEqual([]);
      expect(headerFrozenAndFiltered(results)).toBe(true);
      const errors = await sheetOf(
        await errorFileXlsx({
          ...file,
          errorHeader: c.imports.results.errors,
          rows: rows.map((r) => ({ cells: r.cells, errors: '售價超出範圍' })),
        }),
      );
      expect(narrowCells(errors)).toEqual([]);
      expect(headerFrozenAndFiltered(errors)).toBe(true);
    });
  }
});
