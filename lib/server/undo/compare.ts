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

/** A recipe as comparable lines: SKU id and quantity, in id order (the service adds names and sorts). */
function recipeKey(value: HistoryValue | null | undefined): HistoryValue {
  if (!Array.isArray(value)) return value ?? null;
  return (value as RecipeLine[])
    .map((l) => ({ componentSkuId: l.componentSkuId ?? null, quantity: l.quantity ?? 0 }))
    .sort((a, b) => (a.componentSkuId ?? 0) - (b.componentSkuId ?? 0));
}

/**
 * A live value holds the one the change wrote: the same, a price within the service's rounding to 4 decimals, or the
 * same recipe.
 */
export function stillHolds(field: string, live: HistoryValue | null, after: HistoryValue | null): boolean {
  if (field === 'components') return sameValue(recipeKey(live), recipeKey(after));
  if (typeof live === 'number' && typeof after === 'number') return Math.abs(live - after) < 0.00005 + 1e-9;
  return sameValue(live, after);
}
