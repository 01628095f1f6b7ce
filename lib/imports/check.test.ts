import { describe, expect, it, vi } from 'vitest';
import { checkRows, CREATES_EVERY_TIME, DUPLICATE_KEY, WRONG_CELL_COUNT } from './check';
import { FAMILIES } from './families';
import { autoMap, missingColumns, toSaved } from './mapping';
import { parseCsv } from '../files/csv-parse';

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
    expect(mapping).toEqual([
      'outerSysCode',
      'productId',
      'price',
      'sellPrice',
      'barcode',
      null,
      'name',
      'unit',
      'spec',
    ]);
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
    // Each with the value it refused and what the contract expects (lib/contract/expectations).
    expect(rows[1]!.errors).toEqual([
      { code: 'name_too_long', field: 'name', column: 3, params: { expect: 'tooLong', length: 101, max: 100 } },
      {
        code: 'invalid_price',
        field: 'price',
        column: 4,
        params: { expect: 'range', value: '-1', min: '0', max: '9,999,999.99' },
      },
    ]);
    expect(rows[2]!.errors).toEqual([
      { code: 'invalid_parameter', field: 'price', column: 4, params: { expect: 'number', value: 'abc', decimals: 2 } },
    ]);
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
    expect(rows[2]!.errors).toEqual([
      { code: 'invalid_parameter', field: 'enabled', column: 3, params: { expect: 'yesNo', value: 'maybe' } },
    ]);
  });
});

describe('checkFile: the fast path agrees with the contract schema', () => {
  const cjk = (n: number) => '茶'.repeat(n);
  // Cells at and past each bound; every row has a key, so none is "create only".
  const cells: [string, string][] = [
    ['price', '9999999.99'],
    ['price', '9999999.991'],
    ['price', '10000000'],
    ['price', '-0.01'],
    ['price', '0'],
    ['price', '1.23456'],
    ['price', '1,234.5'],
    ['price', '1e3'],
    ['price', 'abc'],
    ['price', ''],
    ['price', '  '],
    ['sellPrice', '-0'],
    ['name', cjk(100)],
    ['name', cjk(101)],
    ['name', '😀'.repeat(100)],
    ['name', '😀'.repeat(101)],
    ['name', ` ${cjk(100)} `],
    ['unit', 'x'.repeat(50)],
    ['unit', 'x'.repeat(51)],
    ['quantityPrecision', '4'],
    ['quantityPrecision', '5'],
    ['quantityPrecision', '1.5'],
    ['quantityPrecision', '-1'],
    ['productId', '9007199254740991'],
    ['productId', '9007199254740992'],
    ['productId', 'abc'],
    ['productId', '+7'],
    ['productId', '1.0'],
  ];

  it.each(cells)('%s = %j: the same verdict and codes as the schema', (field, cell) => {
    const headers = ['productId', 'outerSysCode', field].filter((h, i, all) => all.indexOf(h) === i);
    const row = headers.map((h) => (h === field ? cell : h === 'productId' ? '7' : 'S1'));
    const { rows } = checkRows(skus, headers, headers, [{ line: 2, cells: row }]);
    const item = rows[0]!.item;
    const parsed = skus.schema.safeParse(item);
    expect(rows[0]!.errors.map((e) => e.code)).toEqual(
      parsed.success ? [] : [...new Set(parsed.error.issues.map((i) => i.message))],
    );
  });

  it.each([
    ['stock', 'skuId,inventoryQty\n1,12.5\n2,0\n'],
    ['prices', 'skuId,price,sellPrice\n1,450,399\n'],
    ['bundlePrices', 'id,price,sellPrice\n10,900,799\n'],
    ['pointQuotas', 'companyCode,balance,enabled,memo\nC1,300,是,年度回饋\n'],
    ['creditQuotas', 'companyId,creditAmount,enabled\n4,500000,false\n'],
    ['bundles', 'outerSysCode,name,components\nB1,禮盒,S1*2|id:12*0.5\n'],
    ['skus', 'productId,outerSysCode,name,price\n1,S1,茶,10\n'],
  ] as const)('passes valid %s rows without the zod schema', (name, text) => {
    const family = FAMILIES[name];
    const parse = vi.spyOn(family.schema, 'safeParse');
    try {
      const { counts } = check(text, family);
      expect(counts.heldBack).toBe(0);
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
  });

  it('still names the issues of rows the fast path refuses, in every family', () => {
    expect(check('skuId,inventoryQty\n1,abc\n', FAMILIES.stock).rows[0]!.errors.map((e) => e.code)).toEqual([
      'invalid_parameter',
    ]);
    expect(check('companyCode,balance\nC1,-1\n', FAMILIES.pointQuotas).rows[0]!.errors.map((e) => e.code)).toEqual([
      'invalid_balance',
    ]);
    expect(check('companyCode,memo\nC1,x\n', FAMILIES.creditQuotas).rows[0]!.errors.map((e) => e.code)).toEqual([
      'missing_credit_amount',
    ]);
    expect(
      check('outerSysCode,components\nB1,S1*0.00001\n', FAMILIES.bundles).rows[0]!.errors.map((e) => e.code),
    ).toEqual(['invalid_component_quantity']);
  });

  it('flags a duplicate key on the fast path with the earlier line, and keys a SKU code within its product', () => {
    const { rows, counts } = check('productId,outerSysCode,price\n1,S1,10\n2,S1,10\n1,S1,12\n1,S2,1\n1,S1,13\n');
    expect(rows.map((r) => r.warnings)).toEqual([
      [],
      [],
      [{ code: DUPLICATE_KEY, params: { line: 2 } }],
      [],
      [{ code: DUPLICATE_KEY, params: { line: 2 } }],
    ]);
    expect(counts).toEqual({ rows: 5, toSend: 5, heldBack: 0, warned: 2 });
  });
});
