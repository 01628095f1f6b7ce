import 'server-only';
import type { HistoryValue } from '@/lib/contract/history';
import { sameValue } from '../history';

/**
 * The one before / now / after comparison of undo: whether what /v1 holds now is still what the change being undone
 * wrote (an import's value for a revert, a History entry's new value for a restore). Where it is, putting the
 * earlier value back loses nobody's later change; where it is not, the record changed since and is left alone
 * unless a person picks it.
 */

export type RecipeLine = {
  componentSkuId?: number | null;
  componentSkuOuterSysCode?: string | null;
  quantity?: number;
  sort?: number;
};

const codeOf = (line: RecipeLine) => line.componentSkuOuterSysCode?.trim().toUpperCase() || null;

/**
 * Two recipe lines name the same component in the same quantity. A file names components by ERP code, /v1 answers
 * with ids and codes (and names), so lines are compared by id where both have one, else by code as /v1 matches it
 * (exact, case-insensitive, surrounding whitespace ignored).
 */
function sameLine(a: RecipeLine, b: RecipeLine): boolean {
  if ((a.quantity ?? 0) !== (b.quantity ?? 0)) return false;
  if (a.componentSkuId != null && b.componentSkuId != null) return a.componentSkuId === b.componentSkuId;
  return codeOf(a) !== null && codeOf(a) === codeOf(b);
}

/** The same recipe: each line of one matched by a line of the other, in any order (the service keeps its own). */
function sameRecipe(live: HistoryValue | null, after: HistoryValue | null): boolean {
  if (!Array.isArray(live) || !Array.isArray(after)) return sameValue(live, after);
  const left = [...(live as RecipeLine[])];
  if (left.length !== after.length) return false;
  for (const line of after as RecipeLine[]) {
    const at = left.findIndex((l) => sameLine(l, line));
    if (at < 0) return false;
    left.splice(at, 1);
  }
  return true;
}

/**
 * A live value holds the one the change wrote: the same, a price within the service's rounding to 4 decimals, or the
 * same recipe.
 */
export function stillHolds(field: string, live: HistoryValue | null, after: HistoryValue | null): boolean {
  if (field === 'components') return sameRecipe(live, after);
  if (typeof live === 'number' && typeof after === 'number') return Math.abs(live - after) < 0.00005 + 1e-9;
  return sameValue(live, after);
}
