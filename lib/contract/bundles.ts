import { z } from 'zod';
import { batchItemResult } from './batches';
import {
  INVALID,
  isFiniteNumber,
  longId,
  money,
  nullableStrings,
  quantityPrecision,
  requiredOnCreate,
  text,
  texts,
  withRefinementRule,
  withRule,
} from './fields';
import { INT32_MAX } from './lists';
import { BUNDLE_OPERATIONS } from './operations';

const isInt32 = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v >= -INT32_MAX - 1 && v <= INT32_MAX;
import { BUNDLE_FILTERS } from './lists';
import { BUNDLE_LIMITS, BUNDLE_STATUS } from './values';
import { BUNDLE_CREATE_REQUIRED, componentQuantity, hasComponentIdentifier, isComponentQuantity } from './recipe-rules';
export { BUNDLE_OPERATIONS };
export { BUNDLE_FILTERS };
export { BUNDLE_LIMITS, BUNDLE_STATUS };
export { BUNDLE_CREATE_REQUIRED, componentQuantity };

/**
 * Bundles (master-data-api.md Operations 9 to 11, contract §3): a product with one paired SKU and a recipe
 * of component SKUs. Bundles report the first error only. Rules that need the database (the category can
 * hold products, the component SKU exists and is unique, a code does not belong to a normal product) are
 * the service's; their codes are listed in ./errors.
 */

export const componentWrite = withRefinementRule(
  z
    .object(
      {
        componentSkuId: longId.nullish(),
        componentSkuOuterSysCode: text().nullish(),
        quantity: withRule(
          z
            .number({ error: 'invalid_component_quantity' })
            .refine(isComponentQuantity, { error: 'invalid_component_quantity' }),
          (v) => isFiniteNumber(v) && isComponentQuantity(v),
        ),
        // A 32-bit integer, as the recipe row stores it; a wider one does not bind (invalid_parameter).
        sort: withRule(z.int32({ error: INVALID }), isInt32).nullish(),
      },
      // A recipe entry that is not an object (a number, null) is a wrong JSON type: invalid_parameter.
      { error: INVALID },
    )
    .refine(hasComponentIdentifier, { error: 'component_identifier_required' }),
  hasComponentIdentifier,
);
export type ComponentWrite = z.infer<typeof componentWrite>;

export const bundleWrite = z.object({
  id: longId.nullish(),
  ...texts(BUNDLE_LIMITS, ['outerSysCode', 'name']),
  productCategoryId: longId.nullish(),
  ...texts(BUNDLE_LIMITS, ['unit', 'spec', 'barcode', 'warehouse']),
  price: money.nullish(),
  sellPrice: money.nullish(),
  quantityPrecision: quantityPrecision.nullish(),
  components: z.array(componentWrite, { error: INVALID }).nullish(),
});
export type BundleWrite = z.infer<typeof bundleWrite>;

export const bundleCreate = requiredOnCreate(bundleWrite, BUNDLE_CREATE_REQUIRED);

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
  ...nullableStrings('outerSysCode', 'name', 'status'),
  productCategoryId: z.number(),
  ...nullableStrings('unit', 'spec', 'barcode', 'warehouse'),
  price: z.number(),
  sellPrice: z.number(),
  quantityPrecision: z.number(),
  availableQty: z.number(),
  components: z.array(bundleComponent),
});
export type Bundle = z.infer<typeof bundle>;

export const bundleBatchItemResult = batchItemResult.extend({ skuId: z.number().nullable() });
export type BundleBatchItemResult = z.infer<typeof bundleBatchItemResult>;

export const bundleIdResponse = z.object({ id: z.number(), skuId: z.number() });
