import 'server-only';
import type { FieldDiff, HistoryValue } from '@/lib/contract/history';

/** A value in one spelling whatever its keys' order, so two records holding the same value compare equal. */
function canonical(value: HistoryValue | undefined): string {
  if (value === undefined || value === null || value === '') return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`)
      .join(',')}}`;
  // Text that looks like a number stays text: "0471" and "471" are two barcodes, not one.
  return JSON.stringify(value);
}

export function sameValue(a: HistoryValue | undefined, b: HistoryValue | undefined): boolean {
  return canonical(a) === canonical(b);
}

/**
 * Whether what a page reviewed agrees with what the platform held: the review carries the fields the page knew, the
 * platform's record may carry more (a recipe's components with their names), so only the reviewed keys count.
 */
export function reviewAgrees(reviewed: HistoryValue | undefined, held: HistoryValue | undefined): boolean {
  if (Array.isArray(reviewed) && Array.isArray(held))
    return reviewed.length === held.length && reviewed.every((v, i) => reviewAgrees(v, held[i]));
  if (reviewed && held && typeof reviewed === 'object' && typeof held === 'object' && !Array.isArray(reviewed))
    return !Array.isArray(held) && Object.keys(reviewed).every((k) => reviewAgrees(reviewed[k], held[k]));
  return sameValue(reviewed, held);
}

/**
 * The fields whose value changed, and how many were sent with the value they had: a field is kept unless its old
 * value was read and equals the new one (a field whose old value was not read may have changed, so it stays; a
 * secret is never compared).
 */
export function changedOnly(changes: readonly FieldDiff[]): { changes: FieldDiff[]; unchanged: number } {
  const kept = changes.filter((c) => c.secret || !('from' in c) || !sameValue(c.from, c.to));
  return { changes: kept, unchanged: changes.length - kept.length };
}
