import { describe, expect, it } from 'vitest';
import { checkRows } from './check';
import { BARCODE_CHECK_DIGIT, EXCEL_SCIENTIFIC } from './excel-damage';
import { FAMILIES } from './families';
import { autoMap } from './mapping';
import { parseCsv } from '../files/csv-parse';

function check(text: string) {
  const parsed = parseCsv(text);
  return checkRows(
    FAMILIES.skus,
    parsed.headers,
    autoMap(parsed.headers, FAMILIES.skus),
    parsed.rows,
    parsed.malformedLines,
  );
}

describe("the check names Excel's damage and wrong barcode check digits", () => {
  it('a barcode or code in scientific notation is held back; a wrong check digit is a warning with the right digit', () => {
    const { rows, counts } = check(
      [
        'id,barcode,outerSysCode',
        '1,4710001000003,A',
        '2,4.71E+12,B',
        '3,4710001000004,C',
        '4,INT-01,1.2E+5',
        '5,"4,71E+12",D',
      ].join('\r\n'),
    );
    expect(counts).toMatchObject({ rows: 5, toSend: 2, heldBack: 3, warned: 1 });
    expect(rows[0]!.errors).toEqual([]);
    expect(rows[0]!.warnings).toEqual([]);
    expect(rows[1]!.errors).toEqual([
      { code: EXCEL_SCIENTIFIC, field: 'barcode', column: 2, params: { value: '4.71E+12' } },
    ]);
    expect(rows[2]!.errors).toEqual([]);
    expect(rows[2]!.warnings).toEqual([
      { code: BARCODE_CHECK_DIGIT, field: 'barcode', column: 2, params: { kind: 'EAN-13', digit: 3 } },
    ]);
    expect(rows[3]!.errors[0]).toMatchObject({ code: EXCEL_SCIENTIFIC, field: 'outerSysCode' });
    expect(rows[4]!.errors[0]).toMatchObject({ code: EXCEL_SCIENTIFIC, params: { value: '4,71E+12' } });
  });
});
