import { describe, expect, it } from 'vitest';
import { checkRows, CREATES_EVERY_TIME, DUPLICATE_KEY, WRONG_CELL_COUNT } from './check';
import { FAMILIES } from './families';
import { autoMap, missingColumns, toSaved } from './mapping';
import { parseCsv } from './parse';

const skus = FAMILIES.skus;

function check(text: string, family = skus) {
  const parsed = parseCsv(text);
  const mapping = autoMap(parsed.headers, family);
  return checkRows(family, parsed.headers, mapping, parsed.rows, parsed.malformedLines);
}

describe('autoMap', () => {
  it('matches API names, console labels and Traditional Chinese headers; ignores the rest', () => {
    const headers = ['品號', 'Product', 'PRICE', 'sell_price', '條碼', '備用欄', '品名', '單位', '規格'];
    const mapping = autoMap(headers, skus, { productId: 'Product', sellPrice: 'Sell price' });
    expect(mapping).toEqual(['outerSysCode', 'productId', 'price', 'sellPrice', 'barcode', null, 'name', 'unit', 'spec']);
  });

  it('offers a saved mapping first, and a saved "ignore" stays ignored', () => {
    const headers = ['Code', 'Title', 'name'];
    const saved = toSaved(headers, ['outerSysCode', 'name', null]);
    expect(autoMap(headers, skus, {}, saved)).toEqual(['outerSysCode', 'name', null]);
  });

  it('maps a field once', () => {
    expect(autoMap(['name', '品名'], skus)).toEqual(['name', null]);
  });

  it('names the columns still missing', () => {
    expect(missingColumns(skus, ['outerSysCode', 'name'])).toEqual(['productId']);
    expect(missingColumns(skus, ['id'])).toEqual([]);
    expect(missingColumns(FAMILIES.stock, ['skuId'])).toEqual(['inventoryQty']);
  });
});

describe('checkRows', () => {
  it('checks every row with the contract schema and names the field and column', () => {
    const long = 'x'.repeat(101);
    const { rows, counts } = check(`productId,outerSysCode,name,price\n1,S1,ok,10\n1,S2,${long},-1\n1,S3,ok,abc\n`);
    expect(rows[0]!.errors).toEqual([]);
    expect(rows[0]!.item).toEqual({ productId: 1, outerSysCode: 'S1', name: 'ok', price: 10 });
    expect(rows[1]!.errors).toEqual([
      { code: 'name_too_long', field: 'name', column: 3 },
      { code: 'invalid_price', field: 'price', column: 4 },
    ]);
    expect(rows[2]!.errors).toEqual([{ code: 'invalid_parameter', field: 'price', column: 4 }]);
    expect(counts).toEqual({ rows: 3, toSend: 1, heldBack: 2, warned: 0 });
  });

  it('a row that can only create is checked with the create rules', () => {
    const { rows } = check('productId,outerSysCode,name\n,,no code\n');
    expect(rows[0]!.errors).toEqual([
      { code: 'productId is required to create a SKU', field: 'productId', column: 1 },
      { code: 'outerSysCode is required to create a SKU', field: 'outerSysCode', column: 2 },
    ]);
  });

  it('reads thousands separators and leaves empty cells out', () => {
    const { rows } = check('id,price,name\n7,"1,234.5",\n');
    expect(rows[0]!.item).toEqual({ id: 7, price: 1234.5 });
  });

  it('holds back a row with the wrong number of cells', () => {
    const { rows } = check('id,name\n1,a,extra\n2\n');
    expect(rows.map((r) => r.errors.map((e) => e.code))).toEqual([[WRONG_CELL_COUNT], [WRONG_CELL_COUNT]]);
    expect(rows[0]!.errors[0]!.params).toEqual({ found: 3, expected: 2 });
  });

  it('warns about rows without a key and about a later row overwriting an earlier one', () => {
    const { rows, counts } = check('id,productId,outerSysCode,name\n,1,S1,a\n,1,S1,b\n,2,S1,c\n,,,d\n', FAMILIES.skus);
    expect(rows[1]!.warnings).toEqual([{ code: DUPLICATE_KEY, params: { line: 2 } }]);
    // The same code under another product is another SKU.
    expect(rows[2]!.warnings).toEqual([]);
    expect(rows[3]!.warnings).toEqual([{ code: CREATES_EVERY_TIME }]);
    expect(counts.warned).toBe(2);
  });

  it('reads the bundle components cell', () => {
    const { rows } = check('outerSysCode,components\nB1,S1*2|id:12*0.5|S3\nB2,S1*x\n', FAMILIES.bundles);
    expect(rows[0]!.item.components).toEqual([
      { componentSkuOuterSysCode: 'S1', quantity: 2, sort: 1 },
      { componentSkuId: 12, quantity: 0.5, sort: 2 },
      { componentSkuOuterSysCode: 'S3', quantity: 1, sort: 3 },
    ]);
    expect(rows[1]!.errors).toEqual([{ code: 'invalid_components_cell', field: 'components', column: 2 }]);
  });

  it('reads booleans of the quota families', () => {
    const { rows } = check('companyCode,balance,enabled\nC1,10,是\nC2,0,no\nC3,5,maybe\n', FAMILIES.pointQuotas);
    expect(rows.map((r) => r.item.enabled)).toEqual([true, false, 'maybe']);
    expect(rows[2]!.errors).toEqual([{ code: 'invalid_parameter', field: 'enabled', column: 3 }]);
  });
});
