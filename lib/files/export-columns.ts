import type { XlsxColumn, XlsxKind } from './xlsx-write';

/**
 * The columns of the Exports page, one list per resource, shared by the export in the browser and the export
 * job. Headers come from the `exports.columns` catalogue in the person's language; product and category
 * names sit beside their ids.
 */
import type { ExportResource } from '@/lib/contract/console/export-kinds';
// What can be exported is the contract's: the console's /api/exports takes it.
export { EXPORT_RESOURCES, isExportResource, type ExportResource } from '@/lib/contract/console/export-kinds';

/** Ids to names, filled from the product and category lists. */
export interface ExportNames {
  product: Map<number, { name: string | null; productCategoryId: number | null }>;
  category: Map<number, string | null>;
}

/** Which name lists a resource's export needs beside its own rows. */
export function namesNeeded(resource: ExportResource): { products: boolean; categories: boolean } {
  return { products: resource === 'skus', categories: resource !== 'companies' };
}

type Row = Record<string, unknown>;
type Key = string;

const PLAIN: Record<ExportResource, Key[]> = {
  companies: ['id', 'outerSysCode', 'name', 'shortName', 'cellPhone', 'shippingAddress', 'internalUserId', 'status'],
  products: ['id', 'outerSysCode', 'name', 'productCategoryId', 'categoryName', 'status'],
  skus: [
    'id',
    'outerSysCode',
    'name',
    'productId',
    'productName',
    'categoryName',
    'barcode',
    'warehouse',
    'unit',
    'spec',
    'price',
    'sellPrice',
    'quantityPrecision',
    'status',
    'inventoryQty',
  ],
  bundles: [
    'id',
    'skuId',
    'outerSysCode',
    'name',
    'productCategoryId',
    'categoryName',
    'status',
    'unit',
    'spec',
    'barcode',
    'warehouse',
    'price',
    'sellPrice',
    'quantityPrecision',
    'availableQty',
  ],
};

/** The column keys of a resource's export, in order (their headers are `exports.columns.<key>`). */
export function exportColumnKeys(resource: ExportResource): readonly Key[] {
  return PLAIN[resource];
}

/** Figures: numbers in a workbook (everything else, ids and codes included, is Text so Excel keeps it as it is). */
const KINDS: Partial<Record<Key, XlsxKind>> = {
  price: 'money',
  sellPrice: 'money',
  quantityPrecision: 'number',
  inventoryQty: 'number',
  availableQty: 'number',
};

function cell(value: unknown): string | number | boolean | null {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : null;
}

const quantityPrecisionOf = (row: Row) => (typeof row.quantityPrecision === 'number' ? row.quantityPrecision : null);

export function exportColumns(
  resource: ExportResource,
  header: (key: Key) => string,
  names: ExportNames,
): XlsxColumn<Row>[] {
  const categoryOf = (row: Row): number | null => {
    if (resource === 'skus') return names.product.get(row.productId as number)?.productCategoryId ?? null;
    return typeof row.productCategoryId === 'number' ? row.productCategoryId : null;
  };
  return PLAIN[resource].map((key) => {
    if (key === 'productName')
      return { header: header(key), value: (row) => names.product.get(row.productId as number)?.name ?? null };
    if (key === 'categoryName') {
      return {
        header: header(key),
        value: (row) => {
          const id = categoryOf(row);
          return id === null ? null : (names.category.get(id) ?? null);
        },
      };
    }
    const kind = KINDS[key];
    return {
      header: header(key),
      value: (row) => cell(row[key]),
      ...(kind ? { kind } : {}),
      // A quantity shows as many decimals as its SKU or bundle is counted in.
      ...(key === 'inventoryQty' || key === 'availableQty' ? { decimals: quantityPrecisionOf } : {}),
    };
  });
}
