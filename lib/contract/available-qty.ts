/**
 * How many bundles can be assembled now (master-data-api.md, Bundle, availableQty rules 1 to 6):
 * for each component, its sellable quantity (inventoryQty − reservedQty) divided by the quantity one bundle
 * needs; the minimum over the recipe; rounded down; clamped at 0. Components that allow negative-stock
 * selling still count (rule 5): nothing here looks at that flag.
 *
 * The arithmetic is exact (contract §3): quantities are stored with 4 decimals, so they are scaled to
 * integers of 1e-4 and divided as BigInt; 0.7 ÷ 0.1 is 7, never 6.999…. The reference service computes the
 * same figure in SQL (service/domain/available-qty.ts, numeric `div`, also exact); this version lets the
 * console explain a figure (which component caps it) and checks the SQL in tests.
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

export interface AvailableQtyBreakdown {
  availableQty: number;
  /** Per component, in input order: whole bundles its sellable stock covers (may be negative). */
  fits: number[];
  /** Index of the first component that caps the figure; -1 for an empty recipe. */
  limitingIndex: number;
}

/** The figure and how it came about, so a person can see which component caps it. */
export function explainAvailableQty(components: readonly ComponentStock[]): AvailableQtyBreakdown {
  // A bundle always has a recipe; an empty one (never stored through the API) can assemble nothing.
  if (components.length === 0) return { availableQty: 0, fits: [], limitingIndex: -1 };
  let min: bigint | null = null;
  let limitingIndex = -1;
  const fits: number[] = [];
  components.forEach((c, i) => {
    const need = toUnits(c.quantity);
    if (need <= 0n) throw new RangeError(`component quantity must be positive: ${c.quantity}`);
    const sellable = toUnits(c.inventoryQty) - toUnits(c.reservedQty);
    const n = floorDiv(sellable, need);
    fits.push(Number(n));
    if (min === null || n < min) {
      min = n;
      limitingIndex = i;
    }
  });
  return { availableQty: min === null || min < 0n ? 0 : Number(min), fits, limitingIndex };
}

export function availableQty(components: readonly ComponentStock[]): number {
  return explainAvailableQty(components).availableQty;
}
