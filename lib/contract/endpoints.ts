import type { z } from 'zod';
import { bundlePrice, bundlePriceBatchItemResult, BUNDLE_PRICE_OPERATIONS } from './bundle-prices';
import { bundle, bundleBatchItemResult, BUNDLE_OPERATIONS } from './bundles';
import { company, companyBatchItemResult, COMPANY_OPERATIONS } from './companies';
import { creditQuota, creditQuotaBatchItemResult, CREDIT_QUOTA_OPERATIONS } from './credit-quota';
import { internalUser, INTERNAL_USER_OPERATIONS } from './internal-users';
import type { ListName } from './lists';
import { operationPath, type OperationId } from './operations';
import { pointQuota, pointQuotaBatchItemResult, POINT_QUOTA_OPERATIONS } from './point-quota';
import { price, priceBatchItemResult, PRICE_OPERATIONS } from './prices';
import { productCategory, PRODUCT_CATEGORY_OPERATIONS } from './product-categories';
import { product, productBatchItemResult, PRODUCT_OPERATIONS } from './products';
import { sku, skuBatchItemResult, SKU_OPERATIONS } from './skus';
import { stock, stockBatchItemResult, STOCK_OPERATIONS } from './stock';

/**
 * The tables both /v1 clients (the browser's through the proxy, the server's signed one) are derived from:
 * every list, single-record read and batch, named once with its operation and response schema. A path is
 * never written anywhere else; it is read from the operation id.
 */

/** Every list endpoint: its path and item schema (its filters are LIST_FILTERS). */
export const LISTS = {
  companies: { path: operationPath(COMPANY_OPERATIONS.list), item: company },
  products: { path: operationPath(PRODUCT_OPERATIONS.list), item: product },
  productCategories: { path: operationPath(PRODUCT_CATEGORY_OPERATIONS.list), item: productCategory },
  skus: { path: operationPath(SKU_OPERATIONS.list), item: sku },
  bundles: { path: operationPath(BUNDLE_OPERATIONS.list), item: bundle },
  internalUsers: { path: operationPath(INTERNAL_USER_OPERATIONS.list), item: internalUser },
} as const satisfies Record<ListName, { path: string; item: z.ZodType }>;

export type ListItem<L extends ListName> = z.output<(typeof LISTS)[L]['item']>;

/**
 * Every single-record read by id. `list` names the list the record belongs to and `part` what is read
 * about it besides the record itself, so the console's query keys nest a part under the record's detail.
 */
export const READS = {
  company: { operation: COMPANY_OPERATIONS.read, schema: company, list: 'companies' },
  creditQuota: { operation: CREDIT_QUOTA_OPERATIONS.read, schema: creditQuota, list: 'companies', part: 'credit-quota' },
  pointQuota: { operation: POINT_QUOTA_OPERATIONS.read, schema: pointQuota, list: 'companies', part: 'point-quota' },
  product: { operation: PRODUCT_OPERATIONS.read, schema: product, list: 'products' },
  sku: { operation: SKU_OPERATIONS.read, schema: sku, list: 'skus' },
  skuStock: { operation: STOCK_OPERATIONS.read, schema: stock, list: 'skus', part: 'stock' },
  skuPrice: { operation: PRICE_OPERATIONS.read, schema: price, list: 'skus', part: 'price' },
  bundle: { operation: BUNDLE_OPERATIONS.read, schema: bundle, list: 'bundles' },
  bundlePrices: { operation: BUNDLE_PRICE_OPERATIONS.read, schema: bundlePrice, list: 'bundles', part: 'prices' },
} as const satisfies Record<string, { operation: OperationId; schema: z.ZodType; list: ListName; part?: string }>;

export type ReadName = keyof typeof READS;
export type ReadResult<R extends ReadName> = z.output<(typeof READS)[R]['schema']>;

/** The path of a read: a positive integer id only, so `/v1/companies/NaN` is never built. */
export function readPath(name: ReadName, id: number): string {
  if (!Number.isSafeInteger(id) || id < 1) throw new RangeError(`bad id ${id}`);
  return operationPath(READS[name].operation, id);
}

/** Every batch write, with the shape of one item's result. */
export const BATCH_ENDPOINTS = {
  companies: { operation: COMPANY_OPERATIONS.batch, result: companyBatchItemResult },
  products: { operation: PRODUCT_OPERATIONS.batch, result: productBatchItemResult },
  skus: { operation: SKU_OPERATIONS.batch, result: skuBatchItemResult },
  bundles: { operation: BUNDLE_OPERATIONS.batch, result: bundleBatchItemResult },
  stock: { operation: STOCK_OPERATIONS.batch, result: stockBatchItemResult },
  prices: { operation: PRICE_OPERATIONS.batch, result: priceBatchItemResult },
  bundlePrices: { operation: BUNDLE_PRICE_OPERATIONS.batch, result: bundlePriceBatchItemResult },
  pointQuotas: { operation: POINT_QUOTA_OPERATIONS.batch, result: pointQuotaBatchItemResult },
  creditQuotas: { operation: CREDIT_QUOTA_OPERATIONS.batch, result: creditQuotaBatchItemResult },
} as const satisfies Record<string, { operation: OperationId; result: z.ZodType }>;

export type BatchEndpointName = keyof typeof BATCH_ENDPOINTS;

/** The method and path of a batch: `POST /v1/companies/batch` is `{ method: 'POST', path: '/v1/companies/batch' }`. */
export function batchTarget(name: BatchEndpointName): { method: 'POST' | 'PUT'; path: string } {
  const operation = BATCH_ENDPOINTS[name].operation;
  return { method: operation.slice(0, operation.indexOf(' ')) as 'POST' | 'PUT', path: operationPath(operation) };
}
