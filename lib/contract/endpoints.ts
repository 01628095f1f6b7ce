import { z } from 'zod';
import { bundlePrice, bundlePriceBatchItemResult, BUNDLE_PRICE_OPERATIONS } from './bundle-prices';
import { bundle, bundleBatchItemResult, BUNDLE_OPERATIONS } from './bundles';
import { company, companyBatchItemResult, COMPANY_OPERATIONS } from './companies';
import { creditQuota, creditQuotaBatchItemResult, CREDIT_QUOTA_OPERATIONS } from './credit-quota';
import { internalUser } from './internal-users';
import { LIST_OPERATIONS, type ListName } from './lists';
import { pointQuota, pointQuotaBatchItemResult, POINT_QUOTA_OPERATIONS } from './point-quota';
import { price, priceBatchItemResult, PRICE_OPERATIONS } from './prices';
import { productCategory } from './product-categories';
import { product, productBatchItemResult, PRODUCT_OPERATIONS } from './products';
import { sku, skuBatchItemResult, SKU_OPERATIONS } from './skus';
import { stock, stockBatchItemResult, STOCK_OPERATIONS } from './stock';
import { operationPath, type OperationId } from './operations';
import { READ_TARGETS, type ReadName } from './reads';

export { readPath, READ_TARGETS, type ReadName } from './reads';

/**
 * The tables both /v1 clients (the browser's through the proxy, the server's signed one) are derived from:
 * every list, single-record read and batch, named once with its operation and response schema. A path is
 * never written anywhere else; it is read from the operation id.
 */

function listEndpoint<L extends ListName, T extends z.ZodType>(list: L, item: T) {
  const operation: (typeof LIST_OPERATIONS)[L] = LIST_OPERATIONS[list];
  return { operation, path: operationPath(operation), item };
}

/** Every list endpoint: its path and item schema (its filters are LIST_FILTERS). */
export const LISTS = {
  companies: listEndpoint('companies', company),
  products: listEndpoint('products', product),
  productCategories: listEndpoint('productCategories', productCategory),
  skus: listEndpoint('skus', sku),
  bundles: listEndpoint('bundles', bundle),
  internalUsers: listEndpoint('internalUsers', internalUser),
} as const satisfies Record<ListName, { operation: OperationId; path: string; item: z.ZodType }>;

/** The envelope of every list. `data` may be null from a real upstream; readers treat null as []. */
export function listEnvelope<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item).nullable(),
    totalCount: z.number(),
    currentPage: z.number(),
    pageSize: z.number(),
    totalPages: z.number(),
  });
}

export type ListItem<L extends ListName> = z.output<(typeof LISTS)[L]['item']>;

/**
 * Every single-record read by id. `list` names the list the record belongs to and `part` what is read
 * about it besides the record itself, so the console's query keys nest a part under the record's detail.
 */
export const READS = {
  company: { ...READ_TARGETS.company, schema: company },
  creditQuota: { ...READ_TARGETS.creditQuota, schema: creditQuota },
  pointQuota: { ...READ_TARGETS.pointQuota, schema: pointQuota },
  product: { ...READ_TARGETS.product, schema: product },
  sku: { ...READ_TARGETS.sku, schema: sku },
  skuStock: { ...READ_TARGETS.skuStock, schema: stock },
  skuPrice: { ...READ_TARGETS.skuPrice, schema: price },
  bundle: { ...READ_TARGETS.bundle, schema: bundle },
  bundlePrices: { ...READ_TARGETS.bundlePrices, schema: bundlePrice },
} as const satisfies Record<ReadName, { operation: OperationId; schema: z.ZodType; list: ListName; part?: string }>;

export type ReadResult<R extends ReadName> = z.output<(typeof READS)[R]['schema']>;

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
