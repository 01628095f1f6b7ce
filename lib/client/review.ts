import { encodeReview, REVIEW_LABELS, REVIEW_RESTORES, type RefLabel } from '@/lib/contract/history';

/**
 * The review the person confirmed travels with the write's body under a symbol key: JSON.stringify never
 * sends it, object spread keeps it, and apiFetch turns it into the REVIEW_HEADER the proxy records as the
 * record's History (old values; the new ones are read from the body itself). Every form hands its changes
 * through untouched, so no save function has to know about it.
 */
const REVIEW = Symbol('console.review');

type Reviewed = { [REVIEW]?: Record<string, unknown> };

export function withReview<T extends object>(
  changes: T,
  list: readonly { field: string; from: unknown }[],
  /** Names of the ids the values refer to (a recipe's SKUs), so History can name them. */
  labels?: Record<string, RefLabel>,
  /** The History entry (change record id) whose old values this save puts back ("Restore earlier values"). */
  restores?: string | null,
): T {
  const from: Record<string, unknown> = {};
  for (const change of list) from[change.field] = change.from ?? null;
  if (labels) from[REVIEW_LABELS] = labels;
  if (restores) from[REVIEW_RESTORES] = restores;
  return Object.assign(changes, { [REVIEW]: from });
}

/** The REVIEW_HEADER value for a body, or null when it carries no review (or too large a one). */
export function reviewHeaderOf(body: unknown): string | null {
  // A one-item batch (a price, a stock level) carries its item's review.
  if (Array.isArray(body) && body.length === 1) return reviewHeaderOf(body[0]);
  if (typeof body !== 'object' || body === null) return null;
  const from = (body as Reviewed)[REVIEW];
  return from ? encodeReview(from) : null;
}
