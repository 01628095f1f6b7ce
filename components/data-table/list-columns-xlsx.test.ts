import { describe, expect, it } from 'vitest';
import { headerFrozenAndFiltered, narrowCells, sheetOf } from '@/lib/files/testing/xlsx-widths';
import { toXlsx } from '@/lib/files/xlsx-write';
import { csvColumns, type ListColumn } from './list-columns';

// Issue 62 point 2: a list page's Excel export (SKUs, companies, bundles…) shows its values whole, as the
// other workbooks do (lib/files/xlsx-widths.test.ts): columns typed and sized by csvColumns' kinds.
describe('a list page’s workbook', () => {
  it('a list page’s export (SKUs, companies…): money, quantities and ids whole', async () => {
    type Row = { id: number; code: string; name: string; price: number; qty: number; precision: number };
    const columns: ListColumn<Row>[] = [
      { id: 'id', label: 'ID', value: (r) => r.id, numeric: true, only: 'csv' },
      { id: 'code', label: '品號', value: (r) => r.code, pinned: true },
      { id: 'name', label: '名稱', value: (r) => r.name },
      { id: 'price', label: 'Sell price', value: (r) => r.price, numeric: true, money: true },
      { id: 'qty', label: '庫存', value: (r) => r.qty, numeric: true, decimals: (r) => r.precision },
    ];
    const rows: Row[] = [
      { id: 1, code: 'A', name: '茶', price: 1, qty: 1, precision: 0 },
      {
        id: 2_147_483_647,
        code: 'B-0001',
        name: '阿里山高山烏龍茶（半斤裝）',
        price: 9_999_999.99,
        qty: 1_234_567.125,
        precision: 3,
      },
    ];
    const sheet = await sheetOf(await toXlsx(rows, csvColumns(columns), 'skus', { timeZone: 'Asia/Taipei' }));
    expect(narrowCells(sheet)).toEqual([]);
    expect(headerFrozenAndFiltered(sheet)).toBe(true);
  });
});
