import { explainAvailableQty, toUnits } from '@/lib/contract/available-qty';

/** One recipe line as the explainer reads it: the per-bundle quantity and the component's stock query. */
export interface RecipeLine {
  quantity: number;
  inventoryQty: number;
  reservedQty: number;
}

export interface ExplainedLine {
  /** Sellable quantity: on hand minus reserved (the stock query's availableQty); may be negative. */
  available: number;
  /** Whole bundles this component alone allows: available ÷ quantity, rounded down, never below 0. */
  allows: number;
  /** This component caps the figure (every tied component is marked). */
  limiting: boolean;
}

export interface Explanation {
  /** min over the lines, as the service's availableQty rule computes it (lib/contract/available-qty). */
  availableQty: number;
  lines: ExplainedLine[];
}

/**
 * The bundle page's explainer. The figure and each line's quotient come from lib/contract's
 * explainAvailableQty (exact 4-decimal arithmetic, the service's own rule); this only adds the per-line
 * clamp and marks every component whose quotient equals the minimum.
 */
export function explainRecipe(lines: readonly RecipeLine[]): Explanation {
  const { availableQty, fits } = explainAvailableQty(lines);
  const min = fits.length ? Math.min(...fits) : 0;
  return {
    availableQty,
    lines: lines.map((line, i) => ({
      available: unitsToNumber(toUnits(line.inventoryQty) - toUnits(line.reservedQty)),
      allows: Math.max(0, fits[i] as number),
      limiting: fits[i] === min,
    })),
  };
}

function unitsToNumber(units: bigint): number {
  // An integer count of 1e-4 divided once: the nearest double to the exact 4-decimal value.
  return Number(units) / 10_000;
}

/**
 * What-if: how many more units of one component are needed to assemble `target` bundles, 0 when its
 * sellable stock already covers them. Exact: target × quantity − available, in 1e-4 units.
 */
export function shortfall(line: RecipeLine, target: number): number {
  if (!Number.isInteger(target) || target < 0) throw new RangeError(`target must be a whole number ≥ 0: ${target}`);
  const need = BigInt(target) * toUnits(line.quantity) - (toUnits(line.inventoryQty) - toUnits(line.reservedQty));
  return need > 0n ? unitsToNumber(need) : 0;
}
