import type { CreateRequirements } from './fields';
import { fitsNumeric, round4 } from './numeric';

/**
 * A bundle's recipe rules with no schema (zod) in this module, so the recipe editor can check what is typed
 * without loading zod with the page. ./bundles builds componentWrite and bundleCreate from these and
 * re-exports them.
 */

/**
 * A component quantity as stored: rounded half away from zero to 4 decimals, then greater than 0 and
 * within numeric(20,4). null when it is not one (invalid_component_quantity): 0.00004 rounds to 0.
 */
export function componentQuantity(value: number): number | null {
  const rounded = round4(value);
  return rounded > 0 && fitsNumeric(rounded) ? rounded : null;
}

export const isComponentQuantity = (v: number) => componentQuantity(v) !== null;

/** A component names its SKU by id or by a non-blank code. */
export const hasComponentIdentifier = (c: { componentSkuId?: unknown; componentSkuOuterSysCode?: unknown }) =>
  c.componentSkuId != null || String(c.componentSkuOuterSysCode ?? '').trim() !== '';

/**
 * A create needs a category and a recipe of at least one component. On update, null or omitted keeps the
 * recipe, and any array (even an empty one, which is refused) replaces all of it.
 */
export const BUNDLE_CREATE_REQUIRED = {
  productCategoryId: { code: 'product_category_id_required', missing: (v) => v == null },
  components: { code: 'bundle_components_required', missing: (v) => v == null || (Array.isArray(v) && v.length === 0) },
} satisfies CreateRequirements;
