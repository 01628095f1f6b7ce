import { availableQty, toUnits, type ComponentStock } from '@/lib/contract';

/** The availableQty rule lives in lib/contract (one rule, three readers); the service's SQL form is here. */
export { availableQty, toUnits, type ComponentStock };

/**
 * The same rule as one SQL expression over a bundle's component rows, for a correlated subquery or a
 * lateral join. `div` on numeric is the exact integer quotient (truncated toward zero); a negative
 * sellable quantity truncates to 0 or below and `greatest` clamps either way, so it equals floor-then-clamp.
 * Expects aliases `bc` (bundle_components) and `cs` (the component's skus row).
 */
export const AVAILABLE_QTY_SQL = 'greatest(0, coalesce(min(div(cs.inventory_qty - cs.reserved_qty, bc.quantity)), 0))';
