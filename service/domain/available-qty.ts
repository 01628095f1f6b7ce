/**
 * How many bundles can be assembled now (master-data-api.md, Bundle, availableQty rules 1 to 6):
 * for each component, its sellable quantity (inventoryQty − reservedQty) divided by the quantity one bundle
 * needs; the minimum over the recipe; rounded down; clamped at 0. Components that allow negative-stock
 * selling still count (rule 5): nothing here looks at that flag.
 *
 * The arithmetic is exact (contract §3): quantities are stored with 4 decimals, so they are scaled to
 * integers of 1e-4 and divided as BigInt; 0.7 ÷ 0.1 is 7, never 6.999…. The list endpoints compute the
 * same figure in SQL (`AVAILABLE_QTY_SQL`, numeric `div`, also exact); this version explains a figure in the
 * console and checks the SQL in tests.
 */

export interface ComponentStock {
  inventoryQty: number;
  reservedQty: number;
  /** Quantity of this component one bundle needs; positive. */
  quantity: number;
}

const SCALE = 4;

/** A stored 4-decimal quantity as an integer count of 1e-4 units. */
export function toUnits(value: number): bigint {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite quantity: ${value}`);
  const negative = value < 0;
  const [whole = '0', fraction = ''] = Math.abs(value).toFixed(SCALE).split('.');
  const units = BigInt(whole) * 10n ** BigInt(SCALE) + BigInt(fraction.padEnd(SCALE, '0'));
  return negative ? -units : units;
}

/** floor(a / b) for b > 0 (BigInt division truncates toward zero). */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}

export function availableQty(components: readonly ComponentStock[]): number {
  // A bundle always has a recipe; an empty one (never stored through the API) can assemble nothing.
  if (components.length === 0) return 0;
  let min: bigint | null = null;
  for (const c of components) {
    const need = toUnits(c.quantity);
    if (need <= 0n) throw new RangeError(`component quantity must be positive: ${c.quantity}`);
    const sellable = toUnits(c.inventoryQty) - toUnits(c.reservedQty);
    const fits = floorDiv(sellable, need);
    if (min === null || fits < min) min = fits;
  }
  return min === null || min < 0n ? 0 : Number(min);
}

/**
 * The same rule as one SQL expression over a bundle's component rows, for a correlated subquery or a
 * lateral join. `div` on numeric is the exact integer quotient (truncated toward zero); a negative
 * sellable quantity truncates to 0 or below and `greatest` clamps either way, so it equals floor-then-clamp.
 * Expects aliases `bc` (bundle_components) and `cs` (the component's skus row).
 */
export const AVAILABLE_QTY_SQL = 'greatest(0, coalesce(min(div(cs.inventory_qty - cs.reserved_qty, bc.quantity)), 0))';
