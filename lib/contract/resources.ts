import { BUNDLE_LIMITS, BUNDLE_STATUS } from './bundles';
import { COMPANY_LIMITS, COMPANY_STATUS } from './companies';
import { INTERNAL_USER_LIMITS, INTERNAL_USER_STATUS } from './internal-users';
import { PRODUCT_LIMITS, PRODUCT_STATUS } from './products';
import { QUOTA_MEMO_MAX } from './quotas';
import { SKU_LIMITS, SKU_STATUS } from './skus';

/**
 * Every /v1 resource, one module each: open `./<resource>.ts` for its response, write and batch-item
 * schemas, limits, create-only requirements, list filters and operations. This file gathers the tables
 * that the console reads across resources.
 */
export * from './bundle-prices';
export * from './bundles';
export * from './companies';
export * from './credit-quota';
export * from './internal-users';
export * from './point-quota';
export * from './prices';
export * from './product-categories';
export * from './products';
export * from './quotas';
export * from './skus';
export * from './stock';

/** Field limits by resource; forms read them for counters. */
export const LIMITS = {
  company: COMPANY_LIMITS,
  product: PRODUCT_LIMITS,
  sku: SKU_LIMITS,
  bundle: BUNDLE_LIMITS,
  internalUser: INTERNAL_USER_LIMITS,
  memo: QUOTA_MEMO_MAX,
} as const;

/** Status values by resource. */
export const STATUS = {
  company: COMPANY_STATUS,
  product: PRODUCT_STATUS,
  sku: SKU_STATUS,
  bundle: BUNDLE_STATUS,
  internalUser: INTERNAL_USER_STATUS,
} as const;
