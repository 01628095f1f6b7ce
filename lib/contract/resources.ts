import { z } from 'zod';
import { BUNDLE_SKU_STOCK, NO_DEFAULT_SALESPERSON } from './errors';
import { INVALID, limitedText, longId, money, quantityPrecision, STATUS } from './fields';

/**
 * Write and response shapes of every /v1 resource. Write schemas validate one record: field order is the
 * order errors are reported in (companies and bundles report only the first). Create-only rules that need
 * the database (defaults, existence) live in the service; the codes they use live in ./errors.
 */

// Field limits, named once; forms read them for counters.
export const LIMITS = {
  company: { outerSysCode: 50, name: 50, shortName: 20, cellPhone: 20, shippingAddress: 50 },
  product: { outerSysCode: 50, name: 100 },
  sku: { outerSysCode: 50, name: 100, barcode: 50, warehouse: 50, unit: 50, spec: 50 },
  bundle: { outerSysCode: 50, name: 100, unit: 50, spec: 100, barcode: 50, warehouse: 50 },
  internalUser: { account: 50, name: 30, email: 100, outerSysCode: 50, passwordMin: 8, passwordMax: 128 },
  memo: 200,
} as const;

const TOO_LONG = {
  outerSysCode: 'outer_sys_code_too_long',
  name: 'name_too_long',
  shortName: 'short_name_too_long',
  cellPhone: 'cell_phone_too_long',
  shippingAddress: 'shipping_address_too_long',
  barcode: 'barcode_too_long',
  warehouse: 'warehouse_too_long',
  unit: 'unit_too_long',
  spec: 'spec_too_long',
  email: 'email_too_long',
  account: 'account_too_long',
} as const;

function texts<R extends Record<string, number>>(limits: R, keys: (keyof R & keyof typeof TOO_LONG)[]) {
  return Object.fromEntries(
    keys.map((k) => [k, limitedText(limits[k] as number, TOO_LONG[k]).nullish()]),
  ) as { [K in (typeof keys)[number]]: z.ZodOptional<z.ZodNullable<ReturnType<typeof limitedText>>> };
}

// ---------- Companies ----------
export const companyWrite = z.object({
  id: longId.nullish(),
  ...texts(LIMITS.company, ['outerSysCode', 'name', 'shortName', 'cellPhone', 'shippingAddress']),
  internalUserId: longId.nullish(),
});
export type CompanyWrite = z.infer<typeof companyWrite>;

export const company = z.object({
  id: z.number(),
  outerSysCode: z.string().nullable(),
  name: z.string().nullable(),
  shortName: z.string().nullable(),
  cellPhone: z.string().nullable(),
  shippingAddress: z.string().nullable(),
  internalUserId: z.number(),
  status: z.string().nullable(),
});
export type Company = z.infer<typeof company>;
export { NO_DEFAULT_SALESPERSON };

// ---------- Product categories ----------
export const productCategory = z.object({
  id: z.number(),
  name: z.string().nullable(),
  parentId: z.number().nullable(),
  isAssignable: z.boolean(),
});
export type ProductCategory = z.infer<typeof productCategory>;

// ---------- Products ----------
export const productWrite = z.object({
  id: longId.nullish(),
  ...texts(LIMITS.product, ['outerSysCode', 'name']),
  productCategoryId: longId.nullish(),
});
export type ProductWrite = z.infer<typeof productWrite>;

export const product = z.object({
  id: z.number(),
  outerSysCode: z.string().nullable(),
  name: z.string().nullable(),
  productCategoryId: z.number().nullable(),
  status: z.string().nullable(),
});
export type Product = z.infer<typeof product>;

// ---------- SKUs ----------
export const skuWrite = z.object({
  id: longId.nullish(),
  productId: longId.nullish(),
  ...texts(LIMITS.sku, ['outerSysCode', 'name', 'barcode', 'warehouse', 'unit', 'spec']),
  price: money.nullish(),
  sellPrice: money.nullish(),
  quantityPrecision: quantityPrecision.nullish(),
});
export type SkuWrite = z.infer<typeof skuWrite>;

export const sku = z.object({
  id: z.number(),
  productId: z.number(),
  outerSysCode: z.string().nullable(),
  name: z.string().nullable(),
  barcode: z.string().nullable(),
  warehouse: z.string().nullable(),
  unit: z.string().nullable(),
  spec: z.string().nullable(),
  price: z.number(),
  sellPrice: z.number(),
  quantityPrecision: z.number(),
  status: z.string().nullable(),
  inventoryQty: z.number(),
});
export type Sku = z.infer<typeof sku>;

// ---------- Stock and prices ----------
export const stock = z.object({
  skuId: z.number(),
  inventoryQty: z.number(),
  reservedQty: z.number(),
  availableQty: z.number(),
});
export type Stock = z.infer<typeof stock>;

export const stockWrite = z.object({
  skuId: longId.nullish(),
  inventoryQty: z.number({ error: INVALID }).nullish(),
});
export type StockWrite = z.infer<typeof stockWrite>;
export { BUNDLE_SKU_STOCK };

export const price = z.object({ price: z.number().nullable(), sellPrice: z.number().nullable() });
export type Price = z.infer<typeof price>;

export const priceWrite = z.object({ skuId: longId.nullish(), price: money.nullish(), sellPrice: money.nullish() });
export type PriceWrite = z.infer<typeof priceWrite>;

export const bundlePriceWrite = z.object({ id: longId.nullish(), price: money.nullish(), sellPrice: money.nullish() });
export type BundlePriceWrite = z.infer<typeof bundlePriceWrite>;

// ---------- Bundles ----------
export const componentWrite = z
  .object(
    {
      componentSkuId: longId.nullish(),
      componentSkuOuterSysCode: z.string({ error: INVALID }).nullish(),
      quantity: z.number({ error: 'invalid_component_quantity' }),
      sort: z.number({ error: INVALID }).int({ error: INVALID }).nullish(),
    },
    // A recipe entry that is not an object (a number, null) is a wrong JSON type: invalid_parameter.
    { error: INVALID },
  )
  .refine((c) => c.componentSkuId != null || (c.componentSkuOuterSysCode ?? '').trim() !== '', {
    error: 'component_identifier_required',
  });
export type ComponentWrite = z.infer<typeof componentWrite>;

export const bundleWrite = z.object({
  id: longId.nullish(),
  ...texts(LIMITS.bundle, ['outerSysCode', 'name']),
  productCategoryId: longId.nullish(),
  ...texts(LIMITS.bundle, ['unit', 'spec', 'barcode', 'warehouse']),
  price: money.nullish(),
  sellPrice: money.nullish(),
  quantityPrecision: quantityPrecision.nullish(),
  components: z.array(componentWrite, { error: INVALID }).nullish(),
});
export type BundleWrite = z.infer<typeof bundleWrite>;

export const bundleComponent = z.object({
  componentSkuId: z.number(),
  componentSkuOuterSysCode: z.string().nullable(),
  componentSkuName: z.string().nullable(),
  quantity: z.number(),
  sort: z.number(),
});
export type BundleComponent = z.infer<typeof bundleComponent>;

export const bundle = z.object({
  id: z.number(),
  skuId: z.number(),
  outerSysCode: z.string().nullable(),
  name: z.string().nullable(),
  status: z.string().nullable(),
  productCategoryId: z.number(),
  unit: z.string().nullable(),
  spec: z.string().nullable(),
  barcode: z.string().nullable(),
  warehouse: z.string().nullable(),
  price: z.number(),
  sellPrice: z.number(),
  quantityPrecision: z.number(),
  availableQty: z.number(),
  components: z.array(bundleComponent),
});
export type Bundle = z.infer<typeof bundle>;

// ---------- Quotas ----------
export const CREDIT_AMOUNT_MAX = 99_999_999_999_999.9999;

export const pointQuotaWrite = z.object({
  companyId: longId.nullish(),
  companyCode: z.string({ error: INVALID }).nullish(),
  balance: z.number({ error: INVALID }).nullish(),
  enabled: z.boolean({ error: INVALID }).nullish(),
  memo: z.string({ error: INVALID }).nullish(),
});
export type PointQuotaWrite = z.infer<typeof pointQuotaWrite>;

export const creditQuotaWrite = z.object({
  companyId: longId.nullish(),
  companyCode: z.string({ error: INVALID }).nullish(),
  creditAmount: z.number({ error: INVALID }).nullish(),
  enabled: z.boolean({ error: INVALID }).nullish(),
  memo: z.string({ error: INVALID }).nullish(),
});
export type CreditQuotaWrite = z.infer<typeof creditQuotaWrite>;

export const creditQuota = z.object({
  companyId: z.number(),
  companyOuterSysCode: z.string().nullable(),
  creditAmount: z.number(),
  pendingAmount: z.number(),
  availableAmount: z.number(),
  enabled: z.boolean(),
  memo: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type CreditQuota = z.infer<typeof creditQuota>;

export const pointQuota = z.object({
  companyId: z.number(),
  companyOuterSysCode: z.string().nullable(),
  balance: z.number(),
  enabled: z.boolean(),
  memo: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type PointQuota = z.infer<typeof pointQuota>;

// ---------- Internal (back-office) users ----------
/** Status is case-insensitive on input; this gives the stored spelling or null when it is neither value. */
export function normaliseUserStatus(value: string): 'Active' | 'Inactive' | null {
  const lower = value.trim().toLowerCase();
  return lower === 'active' ? 'Active' : lower === 'inactive' ? 'Inactive' : null;
}

const userStatus = z.string({ error: INVALID }).refine((s) => normaliseUserStatus(s) !== null, { error: 'invalid_status' });
const password = z
  .string({ error: INVALID })
  .refine((s) => s.length >= LIMITS.internalUser.passwordMin && s.length <= LIMITS.internalUser.passwordMax, {
    error: 'invalid_password',
  });

export const internalUserUpdate = z.object({
  ...texts(LIMITS.internalUser, ['name', 'email']),
  password: password.nullish(),
  roleId: longId.nullish(),
  status: userStatus.nullish(),
  ...texts(LIMITS.internalUser, ['outerSysCode']),
});
export type InternalUserUpdate = z.infer<typeof internalUserUpdate>;

export const internalUserCreateShape = z.object({
  account: z.string({ error: INVALID }).nullish(),
  name: z.string({ error: INVALID }).nullish(),
  email: z.string({ error: INVALID }).nullish(),
  password: z.string({ error: INVALID }).nullish(),
  roleId: longId.nullish(),
  status: z.string({ error: INVALID }).nullish(),
  outerSysCode: z.string({ error: INVALID }).nullish(),
});
export type InternalUserCreate = z.infer<typeof internalUserCreateShape>;

/**
 * contract.md §3 fixes the order of the create errors (every *_required before any *_too_long), which a
 * per-field schema cannot express; so creation is checked here, once, for the form and the service.
 * Returns the codes in that order; the service answers the first. Role existence and account uniqueness
 * need the database and come after these.
 */
export function internalUserCreateErrors(input: InternalUserCreate): string[] {
  const errors: string[] = [];
  const blank = (v: string | null | undefined) => v == null || v.trim() === '';
  if (blank(input.account)) errors.push('account_required');
  if (blank(input.name)) errors.push('name_required');
  if (blank(input.email)) errors.push('email_required');
  if (input.password == null || input.password === '') errors.push('password_required');
  const L = LIMITS.internalUser;
  const long = (v: string | null | undefined, max: number) => v != null && [...v].length > max;
  if (long(input.account, L.account)) errors.push('account_too_long');
  if (long(input.name, L.name)) errors.push('name_too_long');
  if (long(input.email, L.email)) errors.push('email_too_long');
  if (long(input.outerSysCode, L.outerSysCode)) errors.push('outer_sys_code_too_long');
  if (input.password != null && input.password !== '' && (input.password.length < L.passwordMin || input.password.length > L.passwordMax)) {
    errors.push('invalid_password');
  }
  if (input.roleId == null) errors.push('invalid_role_id');
  if (input.status != null && normaliseUserStatus(input.status) === null) errors.push('invalid_status');
  return errors;
}

export const internalUser = z.object({
  id: z.number(),
  account: z.string().nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  roleId: z.number(),
  status: z.string().nullable(),
  outerSysCode: z.string().nullable(),
});
export type InternalUser = z.infer<typeof internalUser>;

export { STATUS };
