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
 * The fields whose value changed, and how many were sent with the value they had: a field is kept unless its old
 * value was read and equals the new one (a field whose old value was not read may have changed, so it stays; a
 * secret is never compared).
 */
export function changedOnly(changes: readonly FieldDiff[]): { changes: FieldDiff[]; unchanged: number } {
  const kept = changes.filter((c) => c.secret || !('from' in c) || !sameValue(c.from, c.to));
  return { changes: kept, unchanged: changes.length - kept.length };
}
