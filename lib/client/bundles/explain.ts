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
  /** This component caps the figure: it allows exactly availableQty (every tied component is marked). */
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
 * clamp and marks every component that allows no more than the figure (ties all marked; when the figure is
 * 0, every component that alone allows 0 is marked).
 */
export function explainRecipe(lines: readonly RecipeLine[]): Explanation {
  const { availableQty, fits } = explainAvailableQty(lines);
  return {
    availableQty,
    lines: lines.map((line, i) => {
      const allows = Math.max(0, fits[i] as number);
      return { available: sellable(line), allows, limiting: allows === availableQty };
    }),
  };
}

/** Bundles one component alone allows: floor(available ÷ quantity), never below 0. */
export function bundlesAllowed(line: RecipeLine): number {
  return explainRecipe([line]).lines[0]?.allows ?? 0;
}

/**
 * Whether one component caps a bundle whose availableQty the service gave, knowing only that component's
 * stock (the SKU page): it does exactly when it alone allows no more than that figure.
 */
export function capsBundle(line: RecipeLine, bundleAvailableQty: number): boolean {
  return bundlesAllowed(line) <= bundleAvailableQty;
}

/** On hand minus reserved, exactly (the stock query's availableQty, not clamped). */
export function sellable(line: Pick<RecipeLine, 'inventoryQty' | 'reservedQty'>): number {
  return unitsToNumber(toUnits(line.inventoryQty) - toUnits(line.reservedQty));
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
