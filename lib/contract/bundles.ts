import { z } from 'zod';
import { batchItemResult } from './batches';
import {
  fitsNumeric,
  INVALID,
  isFiniteNumber,
  longId,
  money,
  quantityPrecision,
  requiredOnCreate,
  round4,
  texts,
  withRefinementRule,
  withRule,
  type CreateRequirements,
} from './fields';
import { BUNDLE_OPERATIONS } from './operations';
import { BUNDLE_FILTERS } from './lists';
import { BUNDLE_LIMITS, BUNDLE_STATUS } from './values';
export { BUNDLE_OPERATIONS };
export { BUNDLE_FILTERS };
export { BUNDLE_LIMITS, BUNDLE_STATUS };

/**
 * Bundles (master-data-api.md Operations 9 to 11, contract §3): a product with one paired SKU and a recipe
 * of component SKUs. Bundles report the first error only. Rules that need the database (the category can
 * hold products, the component SKU exists and is unique, a code does not belong to a normal product) are
 * the service's; their codes are listed in ./errors.
 */

/**
 * A component quantity as stored: rounded half away from zero to 4 decimals, then greater than 0 and
 * within numeric(20,4). null when it is not one (invalid_component_quantity): 0.00004 rounds to 0.
 */
export function componentQuantity(value: number): number | null {
  const rounded = round4(value);
  return rounded > 0 && fitsNumeric(rounded) ? rounded : null;
}

const isComponentQuantity = (v: number) => componentQuantity(v) !== null;
/** A component names its SKU by id or by a non-blank code. */
const hasComponentIdentifier = (c: { componentSkuId?: unknown; componentSkuOuterSysCode?: unknown }) =>
  c.componentSkuId != null || String(c.componentSkuOuterSysCode ?? '').trim() !== '';

export const componentWrite = withRefinementRule(
  z
    .object(
      {
        componentSkuId: longId.nullish(),
        componentSkuOuterSysCode: z.string({ error: INVALID }).nullish(),
        quantity: withRule(
          z.number({ error: 'invalid_component_quantity' }).refine(isComponentQuantity, { error: 'invalid_component_quantity' }),
          (v) => isFiniteNumber(v) && isComponentQuantity(v),
        ),
        // z.int(): a safe integer.
        sort: withRule(z.number({ error: INVALID }).int({ error: INVALID }), (v) => Number.isSafeInteger(v)).nullish(),
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

/**
 * A create needs a category and a recipe of at least one component. On update, null or omitted keeps the
 * recipe, and any array (even an empty one, which is refused) replaces all of it.
 */
export const BUNDLE_CREATE_REQUIRED = {
  productCategoryId: { code: 'product_category_id_required', missing: (v) => v == null },
  components: { code: 'bundle_components_required', missing: (v) => v == null || (Array.isArray(v) && v.length === 0) },
} satisfies CreateRequirements;

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

export const bundleBatchItemResult = batchItemResult.extend({ skuId: z.number().nullable() });
export type BundleBatchItemResult = z.infer<typeof bundleBatchItemResult>;

export const bundleIdResponse = z.object({ id: z.number(), skuId: z.number() });
