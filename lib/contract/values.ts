/**
 * Field limits and status values by resource, with no schema (zod) in this module, so browser code that
 * only shows or filters records (a list page's first load) can read them. Each resource's module
 * (./<resource>.ts) builds its schemas from these and re-exports them.
 */
export const BUNDLE_LIMITS = { outerSysCode: 50, name: 100, unit: 50, spec: 100, barcode: 50, warehouse: 50 } as const;

export const BUNDLE_STATUS = ['Active', 'InactiveVisible', 'Inactive'] as const;

export const COMPANY_LIMITS = {
  outerSysCode: 50,
  name: 50,
  shortName: 20,
  cellPhone: 20,
  shippingAddress: 50,
} as const;

export const COMPANY_STATUS = ['Active', 'Inactive'] as const;

export const INTERNAL_USER_LIMITS = {
  account: 50,
  name: 30,
  email: 100,
  outerSysCode: 50,
  passwordMin: 8,
  passwordMax: 128,
} as const;

export const INTERNAL_USER_STATUS = ['Active', 'Inactive'] as const;

export const PRODUCT_LIMITS = { outerSysCode: 50, name: 100 } as const;

export const PRODUCT_STATUS = ['Active', 'InactiveVisible', 'Inactive'] as const;

export const QUOTA_MEMO_MAX = 200;

/** A credit limit's upper bound (the contract's range for creditAmount; ./credit-quota checks it). */
export const CREDIT_AMOUNT_MAX = 99_999_999_999_999.9999;

export const SKU_LIMITS = { outerSysCode: 50, name: 100, barcode: 50, warehouse: 50, unit: 50, spec: 50 } as const;

export const SKU_STATUS = ['Active', 'Inactive'] as const;

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

/** The highest SKU or bundle price or sellPrice (invalid_price above it; ./fields checks it). */
export const MONEY_MAX = 9_999_999.99;

/** A quantity's decimals: a whole number 0 to 4 (invalid_quantity_precision otherwise; ./fields checks it). */
export const isQuantityPrecision = (v: number) => Number.isInteger(v) && v >= 0 && v <= 4;
