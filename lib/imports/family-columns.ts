/**
 * What can be imported, without the schemas (./families adds them): one family per batch endpoint. A family
 * names its columns (the API field names, which are also the template's header row), how a cell becomes a JSON
 * value, and what identifies a record (for duplicate keys within a file). No zod here, so the pages that only
 * show columns (the import wizard's first steps, Open a failed sync) load none with the page.
 */

// The names are the contract's: the console's /api/imports endpoints take them.
import type { FamilyName } from '@/lib/contract/console/import-values';
export { FAMILY_NAMES, isFamilyName, type FamilyName } from '@/lib/contract/console/import-values';

/** How a cell's text becomes the JSON value sent. An empty cell is always left out ("keep as is"). */
export type CellKind = 'text' | 'long' | 'number' | 'boolean' | 'components';

export interface ImportField {
  /** The API field name: the template's header and the key in the batch item. */
  name: string;
  kind: CellKind;
  /** Other headers people use for this column, notably those of Taiwanese ERP exports. */
  aliases?: readonly string[];
}

export type Item = Record<string, unknown>;

export interface FamilyColumns {
  name: FamilyName;
  fields: readonly ImportField[];
  /** The file must have every column of at least one of these sets. */
  requiredColumns: readonly (readonly string[])[];
  /**
   * What identifies the record a row writes: the first of these field lists whose fields all have a value.
   * Two rows with the same key in one file: the later overwrites the earlier.
   */
  key: readonly (readonly string[])[];
  /** An upsert family: a row with neither id nor ERP code creates a new record every time. */
  upsert: boolean;
  /** The console page of a record this family writes, by the id in the batch result. */
  recordPath: ((id: number) => string) | null;
  /** The example row of the template. */
  example: Record<string, string>;
}

const idOrCode = [['id'], ['outerSysCode']] as const;
const companyKey = [['companyId'], ['companyCode']] as const;

/** Companies, products and bundles: a row writes the record of its id, else of its ERP code, else a new one. */
const BY_ID_OR_CODE = { requiredColumns: [['id'], ['outerSysCode'], ['name']], key: idOrCode, upsert: true } as const;

const ID = ['ID', '編號', '系統編號', '識別碼'];
const PRICE = ['定價', '原價', '標準售價', '牌價'];
const SELL_PRICE = ['售價', '銷售價', '實際售價', '優惠價'];
const UNIT = ['單位', '計量單位'];
const SPEC = ['規格', '規格說明'];
const BARCODE = ['條碼', '國際條碼', 'EAN'];
const WAREHOUSE = ['倉庫', '庫別', '倉別'];
const PRECISION = ['數量小數位數', '小數位數'];
const CATEGORY = ['分類', '類別', '商品分類', '分類編號'];
const COMPANY_ID = ['客戶ID', '客戶編號ID', '公司ID'];
const COMPANY_CODE = ['客戶代號', '客戶編號', '客戶代碼'];
const ENABLED = ['啟用', '是否啟用', '控管'];
const MEMO = ['備註', '說明'];

const SKU_ID = ['SKU ID', '規格ID', 'SKU編號'];
const PRICE_FIELDS: ImportField[] = [
  { name: 'price', kind: 'number', aliases: PRICE },
  { name: 'sellPrice', kind: 'number', aliases: SELL_PRICE },
];
/** What a SKU and a bundle are sold by: its prices and how many decimals its quantities take. */
const SELLING_FIELDS: ImportField[] = [
  ...PRICE_FIELDS,
  { name: 'quantityPrecision', kind: 'long', aliases: PRECISION },
];

/** A family of updates by id (stock, prices, bundle prices): its first field is the key; it never creates. */
function updateFamily(family: Omit<FamilyColumns, 'key' | 'upsert'>): FamilyColumns {
  return { ...family, key: [[family.fields[0]!.name]], upsert: false };
}

/** A company's quota (points or credit): the company's id or code, the family's amount, enabled, a memo. */
function quotaFamily(name: FamilyName, amount: ImportField, example: { amount: string; memo: string }): FamilyColumns {
  return {
    name,
    fields: [
      { name: 'companyId', kind: 'long', aliases: COMPANY_ID },
      { name: 'companyCode', kind: 'text', aliases: COMPANY_CODE },
      amount,
      { name: 'enabled', kind: 'boolean', aliases: ENABLED },
      { name: 'memo', kind: 'text', aliases: MEMO },
    ],
    requiredColumns: [
      ['companyId', amount.name],
      ['companyCode', amount.name],
    ],
    key: companyKey,
    upsert: false,
    recordPath: null,
    example: {
      companyId: '',
      companyCode: 'C1001',
      [amount.name]: example.amount,
      enabled: 'true',
      memo: example.memo,
    },
  };
}

export const FAMILY_COLUMNS: Record<FamilyName, FamilyColumns> = {
  companies: {
    name: 'companies',
    fields: [
      { name: 'id', kind: 'long', aliases: ID },
      { name: 'outerSysCode', kind: 'text', aliases: COMPANY_CODE },
      { name: 'name', kind: 'text', aliases: ['客戶名稱', '公司名稱', '客戶全名'] },
      { name: 'shortName', kind: 'text', aliases: ['客戶簡稱', '簡稱'] },
      { name: 'cellPhone', kind: 'text', aliases: ['電話', '聯絡電話', '手機', '行動電話'] },
      { name: 'shippingAddress', kind: 'text', aliases: ['送貨地址', '地址', '收貨地址'] },
      { name: 'internalUserId', kind: 'long', aliases: ['負責業務', '業務員編號', '業務ID'] },
    ],
    ...BY_ID_OR_CODE,
    recordPath: (id) => `/companies/${id}`,
    example: {
      id: '',
      outerSysCode: 'C1001',
      name: '台北好食貿易股份有限公司',
      shortName: '好食貿易',
      cellPhone: '02-2345-6789',
      shippingAddress: '台北市信義區松仁路100號',
      internalUserId: '',
    },
  },
  products: {
    name: 'products',
    fields: [
      { name: 'id', kind: 'long', aliases: ID },
      { name: 'outerSysCode', kind: 'text', aliases: ['產品代號', '商品代號', '產品編號', '商品編號'] },
      { name: 'name', kind: 'text', aliases: ['品名', '產品名稱', '商品名稱'] },
      { name: 'productCategoryId', kind: 'long', aliases: CATEGORY },
    ],
    ...BY_ID_OR_CODE,
    recordPath: (id) => `/products/${id}`,
    example: { id: '', outerSysCode: 'P1001', name: '高山烏龍茶', productCategoryId: '2' },
  },
  skus: {
    name: 'skus',
    fields: [
      { name: 'id', kind: 'long', aliases: ID },
      { name: 'productId', kind: 'long', aliases: ['產品ID', '商品ID', '產品'] },
      { name: 'outerSysCode', kind: 'text', aliases: ['品號', '料號', '規格代號', 'SKU代號'] },
      { name: 'name', kind: 'text', aliases: ['品名', '規格名稱', '商品名稱'] },
      { name: 'barcode', kind: 'text', aliases: BARCODE },
      { name: 'warehouse', kind: 'text', aliases: WAREHOUSE },
      { name: 'unit', kind: 'text', aliases: UNIT },
      { name: 'spec', kind: 'text', aliases: SPEC },
      ...SELLING_FIELDS,
    ],
    requiredColumns: [['id'], ['productId', 'outerSysCode']],
    // The service matches a code within its product only: the same code under two products is two SKUs.
    key: [['id'], ['productId', 'outerSysCode']],
    upsert: true,
    recordPath: (id) => `/skus/${id}`,
    example: {
      id: '',
      productId: '1',
      outerSysCode: 'S1001-300',
      name: '高山烏龍茶 300g',
      barcode: '4710000000017',
      warehouse: 'A1',
      unit: '包',
      spec: '300g',
      price: '450',
      sellPrice: '399',
      quantityPrecision: '0',
    },
  },
  bundles: {
    name: 'bundles',
    fields: [
      { name: 'id', kind: 'long', aliases: ID },
      { name: 'outerSysCode', kind: 'text', aliases: ['組合代號', '組合品號', '品號'] },
      { name: 'name', kind: 'text', aliases: ['品名', '組合名稱'] },
      { name: 'productCategoryId', kind: 'long', aliases: CATEGORY },
      { name: 'unit', kind: 'text', aliases: UNIT },
      { name: 'spec', kind: 'text', aliases: SPEC },
      { name: 'barcode', kind: 'text', aliases: BARCODE },
      { name: 'warehouse', kind: 'text', aliases: WAREHOUSE },
      ...SELLING_FIELDS,
      { name: 'components', kind: 'components', aliases: ['組成', '組件', '元件', '組合內容'] },
    ],
    ...BY_ID_OR_CODE,
    recordPath: (id) => `/bundles/${id}`,
    example: {
      id: '',
      outerSysCode: 'B1001',
      name: '烏龍茶禮盒',
      productCategoryId: '2',
      unit: '盒',
      spec: '2 包入',
      barcode: '',
      warehouse: 'A1',
      price: '900',
      sellPrice: '799',
      quantityPrecision: '0',
      components: 'S1001-300*2|id:12*1',
    },
  },
  stock: updateFamily({
    name: 'stock',
    fields: [
      { name: 'skuId', kind: 'long', aliases: SKU_ID },
      { name: 'inventoryQty', kind: 'number', aliases: ['庫存', '庫存量', '庫存數量', '現有庫存', '在庫量'] },
    ],
    requiredColumns: [['skuId', 'inventoryQty']],
    recordPath: (id) => `/skus/${id}`,
    example: { skuId: '1', inventoryQty: '120' },
  }),
  prices: updateFamily({
    name: 'prices',
    fields: [{ name: 'skuId', kind: 'long', aliases: SKU_ID }, ...PRICE_FIELDS],
    requiredColumns: [['skuId']],
    recordPath: (id) => `/skus/${id}`,
    example: { skuId: '1', price: '450', sellPrice: '399' },
  }),
  bundlePrices: updateFamily({
    name: 'bundlePrices',
    fields: [{ name: 'id', kind: 'long', aliases: ['組合ID', ...ID] }, ...PRICE_FIELDS],
    requiredColumns: [['id']],
    recordPath: (id) => `/bundles/${id}`,
    example: { id: '10', price: '900', sellPrice: '799' },
  }),
  pointQuotas: quotaFamily(
    'pointQuotas',
    { name: 'balance', kind: 'number', aliases: ['點數', '點數餘額', '餘額'] },
    { amount: '300', memo: '年度回饋點數' },
  ),
  creditQuotas: quotaFamily(
    'creditQuotas',
    { name: 'creditAmount', kind: 'number', aliases: ['信用額度', '額度', '授信額度'] },
    { amount: '500000', memo: '' },
  ),
};

/** The template of a family: the API field names as headers and one example row. */
export function templateRows(family: FamilyColumns): { headers: string[]; example: string[] } {
  const headers = family.fields.map((f) => f.name);
  return { headers, example: headers.map((h) => family.example[h] ?? '') };
}
