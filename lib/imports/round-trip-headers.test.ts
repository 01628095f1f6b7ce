import { describe, expect, it } from 'vitest';
import { bundleWrite, skuWrite } from '@/lib/contract';
import { en } from '@/messages/en';
import { zhTW } from '@/messages/zh-TW';
import { exportColumnKeys, type ExportResource } from '../files/export-columns';
import { FAMILIES, type FamilyName } from './families';
import { autoMap, unusedColumns } from './mapping';

/**
 * Whatever the console exports maps back without a manual step (issue 26): the Exports page, the list pages'
 * CSV, the quota export, and an import's results and error files, with English or Chinese headers. Each case
 * names the fields the file must fill; every other column is one the console wrote for reading.
 */

type Catalogue = typeof en;
const LOCALES: [string, Catalogue][] = [
  ['en', en],
  ['zh-TW', zhTW as unknown as Catalogue],
];

const exportsPage = (c: Catalogue, resource: ExportResource) =>
  exportColumnKeys(resource).map((k) => (c.exports.columns as Record<string, string>)[k] ?? k);

// The list pages' CSV columns, as their ListColumn definitions write them.
const lists: Record<'skus' | 'products' | 'companies' | 'bundles', (c: Catalogue) => string[]> = {
  skus: (c) => {
    const f = c.skus.fields;
    return [
      f.id,
      `${f.productId} id`,
      f.outerSysCode,
      f.name,
      f.barcode,
      f.warehouse,
      f.unit,
      f.spec,
      f.price,
      f.sellPrice,
      f.inventoryQty,
      f.quantityPrecision,
      f.status,
    ];
  },
  products: (c) => {
    const f = c.products.fields;
    return [f.id, f.outerSysCode, f.name, `${f.productCategoryId} id`, f.productCategoryId, f.status];
  },
  companies: (c) => {
    const f = c.companies.fields;
    return [
      f.id,
      f.outerSysCode,
      f.name,
      f.shortName,
      f.cellPhone,
      f.shippingAddress,
      `${f.internalUserId} id`,
      f.internalUserId,
      f.status,
    ];
  },
  bundles: (c) => {
    const f = c.bundles.fields;
    return [
      f.id,
      f.skuId,
      f.outerSysCode,
      f.name,
      f.status,
      `${f.productCategoryId} id`,
      f.unit,
      f.spec,
      f.barcode,
      f.warehouse,
      f.price,
      f.sellPrice,
      f.quantityPrecision,
      f.componentCount,
      f.components,
      f.availableQty,
    ];
  },
};

const quotas = (c: Catalogue, kind: 'credit' | 'points') => {
  const q = c.quotas.credit;
  const head = [q.companyId, q.code, q.name];
  return kind === 'credit'
    ? [...head, q.creditAmount, q.pendingAmount, q.availableAmount, q.utilisation, q.enabled, q.memo, q.readAt]
    : [...head, c.quotas.points.balance, c.quotas.points.enabled, q.memo, q.readAt];
};

const results = (c: Catalogue, headers: string[]) => [
  ...headers,
  c.imports.results.line,
  c.imports.results.status,
  c.imports.results.recordId,
  c.imports.results.errors,
];

// A round trip fills every field the contract lets a file write, but a bundle's recipe: its column is for reading.
const SKU_FIELDS = Object.keys(skuWrite.shape);
const BUNDLE_FIELDS = Object.keys(bundleWrite.shape).filter((field) => field !== 'components');

const cases: { name: string; family: FamilyName; headers: (c: Catalogue) => string[]; fills: string[] }[] = [
  {
    name: 'Exports page, companies',
    family: 'companies',
    headers: (c) => exportsPage(c, 'companies'),
    fills: ['id', 'outerSysCode', 'name', 'shortName', 'cellPhone', 'shippingAddress', 'internalUserId'],
  },
  {
    name: 'Exports page, products',
    family: 'products',
    headers: (c) => exportsPage(c, 'products'),
    fills: ['id', 'outerSysCode', 'name', 'productCategoryId'],
  },
  { name: 'Exports page, SKUs', family: 'skus', headers: (c) => exportsPage(c, 'skus'), fills: SKU_FIELDS },
  { name: 'Exports page, bundles', family: 'bundles', headers: (c) => exportsPage(c, 'bundles'), fills: BUNDLE_FIELDS },
  {
    name: 'Exports page SKUs as stock',
    family: 'stock',
    headers: (c) => exportsPage(c, 'skus'),
    fills: ['skuId', 'inventoryQty'],
  },
  {
    name: 'Exports page SKUs as prices',
    family: 'prices',
    headers: (c) => exportsPage(c, 'skus'),
    fills: ['skuId', 'price', 'sellPrice'],
  },
  {
    name: 'Exports page bundles as bundle prices',
    family: 'bundlePrices',
    headers: (c) => exportsPage(c, 'bundles'),
    fills: ['id', 'price', 'sellPrice'],
  },
  { name: 'SKU list', family: 'skus', headers: lists.skus, fills: SKU_FIELDS },
  { name: 'SKU list as stock', family: 'stock', headers: lists.skus, fills: ['skuId', 'inventoryQty'] },
  { name: 'SKU list as prices', family: 'prices', headers: lists.skus, fills: ['skuId', 'price', 'sellPrice'] },
  {
    name: 'product list',
    family: 'products',
    headers: lists.products,
    fills: ['id', 'outerSysCode', 'name', 'productCategoryId'],
  },
  {
    name: 'company list',
    family: 'companies',
    headers: lists.companies,
    fills: ['id', 'outerSysCode', 'name', 'shortName', 'cellPhone', 'shippingAddress', 'internalUserId'],
  },
  { name: 'bundle list', family: 'bundles', headers: lists.bundles, fills: BUNDLE_FIELDS },
  {
    name: 'bundle list as bundle prices',
    family: 'bundlePrices',
    headers: lists.bundles,
    fills: ['id', 'price', 'sellPrice'],
  },
  {
    name: 'credit quotas',
    family: 'creditQuotas',
    headers: (c) => quotas(c, 'credit'),
    fills: ['companyId', 'companyCode', 'creditAmount', 'enabled', 'memo'],
  },
  {
    name: 'point quotas',
    family: 'pointQuotas',
    headers: (c) => quotas(c, 'points'),
    fills: ['companyId', 'companyCode', 'balance', 'enabled', 'memo'],
  },
  // The results' record id fills the id when the file had none: the rows created last time now update.
  {
    name: 'results of a SKU import',
    family: 'skus',
    headers: (c) => results(c, ['productId', 'outerSysCode', 'name', 'price']),
    fills: ['id', 'productId', 'outerSysCode', 'name', 'price'],
  },
  {
    name: 'results of a SKU list import',
    family: 'skus',
    headers: (c) => results(c, lists.skus(c)),
    fills: SKU_FIELDS,
  },
  {
    name: 'error file of a SKU list import',
    family: 'skus',
    headers: (c) => [...lists.skus(c), c.imports.results.errors],
    fills: SKU_FIELDS,
  },
];

describe('files the console writes map back to their fields', () => {
  for (const [locale, catalogue] of LOCALES) {
    it.each(cases)(`${locale}: $name`, ({ family, headers, fills }) => {
      const h = headers(catalogue);
      const mapping = autoMap(h, FAMILIES[family], catalogue.imports.fields);
      expect(mapping.filter((m) => m !== null).sort()).toEqual([...fills].sort());
      expect(unusedColumns(h, FAMILIES[family], mapping).unknown.map((i) => h[i])).toEqual([]);
    });
  }

  it('a column the console does not know is listed as unknown; a name beside an id is left out on purpose', () => {
    const headers = ['Product id', 'Product', 'ERP code', 'Selling price', 'Colour'];
    const mapping = autoMap(headers, FAMILIES.skus, en.imports.fields);
    expect(mapping).toEqual(['productId', null, 'outerSysCode', 'sellPrice', null]);
    expect(unusedColumns(headers, FAMILIES.skus, mapping)).toEqual({ onPurpose: [1], unknown: [4] });
  });

  it('a saved Ignore does not hide a header the console writes for a field, but still hides any other column', () => {
    const headers = ['outerSysCode', 'Selling price', '售價'];
    expect(autoMap(headers, FAMILIES.skus, {}, { sellingprice: '' })).toEqual(['outerSysCode', 'sellPrice', null]);
    expect(autoMap(['outerSysCode', '優惠價'], FAMILIES.skus, {}, { 優惠價: '' })).toEqual(['outerSysCode', null]);
  });
});
