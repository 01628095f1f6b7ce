import { z } from 'zod';
import { OPERATIONS } from './operations';
import { NO_SUCH_ID } from './request-values';

/** The seed file format (contract.md §5). Ids in a seed are the records' ids. */
// Below NO_SUCH_ID, the id a reference beyond the safe range reads as (./request-values).
const id = z.number().int().positive().lt(NO_SUCH_ID);
const text = z.string();

export const seedCredential = z.object({
  clientId: z.string().min(1),
  secret: z.string().min(1),
  status: z.enum(['active', 'pending', 'revoked']),
  operations: z.union([z.literal('*'), z.array(z.enum(OPERATIONS))]),
  rateLimitPerSecond: z.number().positive().optional(),
});

export const seedTenant = z.object({
  key: z.string().min(1),
  name: z.string(),
  credentials: z.array(seedCredential).default([]),
  roles: z.array(z.object({ id, name: text, isAdmin: z.boolean() })).default([]),
  internalUsers: z
    .array(
      z.object({
        id,
        account: text,
        name: text,
        email: text,
        password: z.string().min(1),
        roleId: id,
        status: z.enum(['Active', 'Inactive']),
        outerSysCode: text.default(''),
        defaultSalesperson: z.boolean().default(false),
      }),
    )
    .default([]),
  productCategories: z.array(z.object({ id, name: text, parentId: id.nullable() })).default([]),
  companies: z
    .array(
      z.object({
        id,
        outerSysCode: text,
        name: text,
        shortName: text.default(''),
        cellPhone: text.default(''),
        shippingAddress: text.default(''),
        internalUserId: id,
        status: z.enum(['Active', 'Inactive']),
      }),
    )
    .default([]),
  products: z
    .array(
      z.object({
        id,
        outerSysCode: text,
        name: text,
        productCategoryId: id,
        status: z.enum(['Active', 'InactiveVisible', 'Inactive']),
      }),
    )
    .default([]),
  skus: z
    .array(
      z.object({
        id,
        productId: id,
        outerSysCode: text,
        name: text,
        barcode: text.default(''),
        warehouse: text.default(''),
        unit: text.default(''),
        spec: text.default(''),
        price: z.number().min(0),
        sellPrice: z.number().min(0),
        quantityPrecision: z.number().int().min(0).max(4),
        status: z.enum(['Active', 'Inactive']),
        inventoryQty: z.number(),
        reservedQty: z.number().default(0),
        allowNegativeStock: z.boolean().default(false),
      }),
    )
    .default([]),
  bundles: z
    .array(
      z.object({
        id,
        skuId: id,
        outerSysCode: text,
        name: text,
        productCategoryId: id,
        status: z.enum(['Active', 'InactiveVisible', 'Inactive']),
        unit: text.default(''),
        spec: text.default(''),
        barcode: text.default(''),
        warehouse: text.default(''),
        price: z.number().min(0).default(0),
        sellPrice: z.number().min(0).default(0),
        quantityPrecision: z.number().int().min(0).max(4).default(0),
        components: z
          .array(z.object({ componentSkuId: id, quantity: z.number().positive(), sort: z.number().int().default(0) }))
          .min(1),
      }),
    )
    .default([]),
  creditQuotas: z
    .array(
      z.object({
        companyId: id,
        creditAmount: z.number().min(0),
        pendingAmount: z.number().default(0),
        enabled: z.boolean(),
        memo: text.default(''),
      }),
    )
    .default([]),
  pointQuotas: z
    .array(z.object({ companyId: id, balance: z.number().min(0), enabled: z.boolean(), memo: text.default('') }))
    .default([]),
});

export const seedFile = z.object({ tenants: z.array(seedTenant).min(1) });
export type SeedFile = z.infer<typeof seedFile>;
export type SeedTenant = z.infer<typeof seedTenant>;

/** "tenants[0].skus[3].price: expected number": the path of the first bad field, for a start-up error. */
export function describeSeedError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path
        .map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
        .join('');
      return `${path || '(root)'}: ${issue.message}`;
    })
    .join('\n');
}
