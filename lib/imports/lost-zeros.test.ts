import { describe, expect, it } from 'vitest';
import { compareItem, indexLive, type LiveRecord } from './compare';
import {
  EXCEL_LEADING_ZEROS,
  EXCEL_LEADING_ZEROS_AMBIGUOUS,
  lostLeadingZeros,
  paddedCodes,
  withRestoredCodes,
} from './lost-zeros';

const records: LiveRecord[] = [
  { id: 1, productId: 7, outerSysCode: '00123', name: 'Oolong' },
  { id: 2, productId: 7, outerSysCode: '0456', name: 'Green' },
  { id: 3, productId: 7, outerSysCode: '00456', name: 'Black' },
  { id: 4, productId: 7, outerSysCode: '789', name: 'Pu-erh' },
  { id: 5, productId: 7, outerSysCode: '0789', name: 'Pu-erh 2' },
  { id: 6, productId: 8, outerSysCode: '00999', name: 'Other product' },
];
const live = indexLive('skus', records);
const padded = paddedCodes('skus', records);
const judge = (item: Record<string, unknown>) =>
  lostLeadingZeros('skus', item, compareItem('skus', item, live), padded);

describe('ERP codes Excel stripped of their leading zeros', () => {
  it('a row naming a record by id whose code lost its zeros would rename it: found, with the code to use', () => {
    expect(judge({ id: 1, productId: 7, outerSysCode: '123', name: 'Oolong' })).toEqual({
      issue: { code: EXCEL_LEADING_ZEROS, field: 'outerSysCode', params: { value: '123', code: '00123' } },
      restored: '00123',
    });
    // Its code as it is, or a real rename, is left alone.
    expect(judge({ id: 1, productId: 7, outerSysCode: '00123', name: 'New name' })).toBeNull();
    expect(judge({ id: 1, productId: 7, outerSysCode: '124', name: 'Oolong' })).toBeNull();
  });

  it('a row with no id whose code matches nothing: one live code with zeros restored, none, or two', () => {
    expect(judge({ productId: 7, outerSysCode: '123', name: 'Oolong' })?.restored).toBe('00123');
    expect(judge({ productId: 7, outerSysCode: '555', name: 'New' })).toBeNull();
    expect(judge({ productId: 7, outerSysCode: '456', name: 'Tea' })).toEqual({
      issue: {
        code: EXCEL_LEADING_ZEROS_AMBIGUOUS,
        field: 'outerSysCode',
        params: { value: '456', codes: '0456, 00456' },
      },
      restored: null,
    });
    // A SKU's code is matched within its product: 00999 belongs to another one.
    expect(judge({ productId: 7, outerSysCode: '999', name: 'New' })).toBeNull();
    // Codes that are not all digits are never Excel's numbers.
    expect(judge({ productId: 7, outerSysCode: 'A123', name: 'New' })).toBeNull();
  });

  it('a code that matches a record while the same code with zeros also exists is ambiguous', () => {
    const both = judge({ productId: 7, outerSysCode: '789', name: 'Pu-erh' });
    expect(both?.issue).toMatchObject({ code: EXCEL_LEADING_ZEROS_AMBIGUOUS, params: { codes: '789, 0789' } });
    expect(both?.restored).toBeNull();
    expect(judge({ productId: 7, outerSysCode: '0789', name: 'Pu-erh 2' })).toBeNull();
  });

  it('only families matched by their own ERP code are judged', () => {
    expect(paddedCodes('stock', records).size).toBe(0);
    expect(
      lostLeadingZeros(
        'stock',
        { skuId: 1, outerSysCode: '123' },
        { kind: 'update', recordId: 1, changes: [], byCode: false },
        padded,
      ),
    ).toBeNull();
  });

  it('restoring puts each code back in the code column of its row only', () => {
    const rows = [
      { line: 2, cells: ['7', '123', 'Oolong'] },
      { line: 3, cells: ['7', '555', 'New'] },
    ];
    const fixed = withRestoredCodes(rows, 1, new Map([[0, '00123']]));
    expect(fixed.map((r) => r.cells[1])).toEqual(['00123', '555']);
    expect(fixed[1]).toBe(rows[1]);
    expect(rows[0]!.cells[1]).toBe('123');
  });
});
