import 'server-only';
import { createHash } from 'node:crypto';
import type { FieldDiff, HistoryValue } from '@/lib/contract/history';

/**
 * JSON with object keys sorted: a record read back from jsonb has its keys in jsonb's order, one from the
 * service in the schema's, and the two must compare equal when their values are.
 */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** The row hash: equal for equal records whatever their key order. md5 is enough: it tells changes apart, it guards nothing. */
export function recordHash(record: unknown): string {
  return createHash('md5').update(stableJson(record)).digest('base64url');
}

/** The fields that differ between the mirrored record and the new one, old → new; `untracked` fields are left out. */
export function fieldDiffs(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  untracked: readonly string[] = [],
): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const field of fields) {
    if (field === 'id' || untracked.includes(field)) continue;
    if (stableJson(before[field]) === stableJson(after[field])) continue;
    diffs.push({ field, from: (before[field] ?? null) as HistoryValue, to: (after[field] ?? null) as HistoryValue });
  }
  return diffs;
}

/**
 * Whether a value the console sent is the one the service now returns: money and quantities are kept to 4
 * decimals, and in an object (a recipe line) only the fields sent count, since the service adds its own (a
 * component's code and name).
 */
export function sentValueHeld(sent: unknown, stored: unknown): boolean {
  if (typeof sent === 'number' && typeof stored === 'number')
    return Math.round(sent * 10_000) === Math.round(stored * 10_000);
  if (Array.isArray(sent) && Array.isArray(stored))
    return sent.length === stored.length && sent.every((v, i) => sentValueHeld(v, stored[i]));
  if (isObject(sent) && isObject(stored))
    return Object.entries(sent).every(([k, v]) => v === undefined || sentValueHeld(v, stored[k]));
  return stableJson(sent) === stableJson(stored);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
