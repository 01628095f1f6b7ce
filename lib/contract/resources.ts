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

/** Field limits and status values by resource (zod-free, for browser code). */
export { LIMITS, STATUS } from './values';
