import 'server-only';
import { decodeReview, REVIEW_LABELS, type FieldDiff, type HistoryValue, type RefLabel } from '@/lib/contract/history';
import { reviewAgrees } from '../history';

/** A record's fields as the console knew them just before a write, and how it knew them. */
export interface OldValues {
  values: Record<string, HistoryValue>;
  read: NonNullable<FieldDiff['fromRead']>;
}

/** Fields whose values are never written to the audit log: only that they were set. */
const SECRET_FIELDS = new Set(['password']);
/** Fields that name the record rather than change it (a single-item batch keys its target with them). */
const KEY_FIELDS = new Set(['id', 'skuId', 'companyId']);
/** A value longer than this (as JSON) is stored cut short: the log is for reading, not for restoring. */
export const MAX_VALUE_CHARS = 2000;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function bounded(value: unknown): HistoryValue {
  if (value === undefined) return null;
  const text = JSON.stringify(value);
  if (text === undefined) return null;
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : (value as HistoryValue);
}

/**
 * The field changes of one write, for the record's History: every field the request sent, its new value
 * taken from the request body itself (what was sent is what is recorded), and its old value from what the
 * console knew (`old`: its copy of the record or its own read before sending, lib/server/proxy/old-values.ts).
 * The review the person confirmed (the REVIEW_HEADER) is only compared with it: where it shows another value, or
 * the console knew none, that value is kept as `reviewed` beside the old one, never as the old one. A batch of
 * one item (a price, a stock level, a quota) counts as a single write; a larger batch's are batchChanges' below.
 */
export function recordedChanges(
  requestText: string | null,
  reviewHeader: string | null,
  old: OldValues | null = null,
): FieldDiff[] | null {
  if (!requestText) return null;
  let body: unknown;
  try {
    body = JSON.parse(requestText);
  } catch {
    return null;
  }
  if (Array.isArray(body)) body = body.length === 1 ? body[0] : undefined;
  if (!isRecord(body)) return null;
  const review = decodeReview(reviewHeader);
  const labels = isRecord(review[REVIEW_LABELS]) ? (review[REVIEW_LABELS] as Record<string, RefLabel>) : null;
  const changes: FieldDiff[] = [];
  for (const [field, to] of Object.entries(body)) {
    if (KEY_FIELDS.has(field)) continue;
    if (SECRET_FIELDS.has(field)) {
      changes.push({ field, secret: true });
      continue;
    }
    const diff: FieldDiff = { field, to: bounded(to) };
    const known = old !== null && Object.hasOwn(old.values, field);
    if (known) {
      diff.from = bounded(old.values[field]);
      diff.fromRead = old.read;
    }
    if (Object.hasOwn(review, field) && (!known || !reviewAgrees(review[field], old.values[field])))
      diff.reviewed = bounded(review[field]);
    if (labels && field === 'components') diff.labels = labels;
    changes.push(diff);
  }
  return changes;
}

/**
 * A batch of several items: each item's fields under the record it names (`itemKey`: its id, or `code:<code>`),
 * its old values from `oldByKey` (the server's, looked up per item). No review: a person reviews one record. Without
 * it a raise split over several items of one request, or over several requests, would leave no step in History for
 * the approval window to count (lib/server/approvals/window.ts).
 */
export function batchChanges(
  requestText: string | null,
  itemKey: (item: unknown) => string | null,
  oldByKey: ReadonlyMap<string, OldValues | null> = new Map(),
): Record<string, FieldDiff[]> | null {
  let body: unknown;
  try {
    body = requestText ? JSON.parse(requestText) : null;
  } catch {
    return null;
  }
  if (!Array.isArray(body) || body.length < 2) return null;
  const byKey: Record<string, FieldDiff[]> = {};
  for (const item of body) {
    const key = itemKey(item);
    const changes = key ? recordedChanges(JSON.stringify([item]), null, oldByKey.get(key) ?? null) : null;
    // Two items for one record: the later one is what the record ends with.
    if (key && changes) byKey[key] = changes;
  }
  return byKey;
}
