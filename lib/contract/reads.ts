import type { ListName } from './lists';
import {
  BUNDLE_OPERATIONS,
  BUNDLE_PRICE_OPERATIONS,
  COMPANY_OPERATIONS,
  CREDIT_QUOTA_OPERATIONS,
  operationPath,
  POINT_QUOTA_OPERATIONS,
  PRICE_OPERATIONS,
  PRODUCT_OPERATIONS,
  SKU_OPERATIONS,
  STOCK_OPERATIONS,
  type OperationId,
} from './operations';

/**
 * Every single-record read by id, without its schema (lib/contract/endpoints.ts READS adds it), so browser
 * code can build keys and paths without zod. `list` names the list the record belongs to and `part` what is
 * read about it besides the record itself, so the console's query keys nest a part under the record's detail.
 */
export const READ_TARGETS = {
  company: { operation: COMPANY_OPERATIONS.read, list: 'companies' },
  creditQuota: { operation: CREDIT_QUOTA_OPERATIONS.read, list: 'companies', part: 'credit-quota' },
  pointQuota: { operation: POINT_QUOTA_OPERATIONS.read, list: 'companies', part: 'point-quota' },
  product: { operation: PRODUCT_OPERATIONS.read, list: 'products' },
  sku: { operation: SKU_OPERATIONS.read, list: 'skus' },
  skuStock: { operation: STOCK_OPERATIONS.read, list: 'skus', part: 'stock' },
  skuPrice: { operation: PRICE_OPERATIONS.read, list: 'skus', part: 'price' },
  bundle: { operation: BUNDLE_OPERATIONS.read, list: 'bundles' },
  bundlePrices: { operation: BUNDLE_PRICE_OPERATIONS.read, list: 'bundles', part: 'prices' },
} as const satisfies Record<string, { operation: OperationId; list: ListName; part?: string }>;

export type ReadName = keyof typeof READ_TARGETS;

/** The path of a read: a positive integer id only, so `/v1/companies/NaN` is never built. */
export function readPath(name: ReadName, id: number): string {
  if (!Number.isSafeInteger(id) || id < 1) throw new RangeError(`bad id ${id}`);
  return operationPath(READ_TARGETS[name].operation, id);
}
