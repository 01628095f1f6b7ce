import { encodeReview } from '@/lib/contract/history';

/**
 * The review the person confirmed travels with the write's body under a symbol key: JSON.stringify never
 * sends it, object spread keeps it, and apiFetch turns it into the REVIEW_HEADER the proxy records as the
 * record's History (old values; the new ones are read from the body itself). Every form hands its changes
 * through untouched, so no save function has to know about it.
 */
const REVIEW = Symbol('console.review');

type Reviewed = { [REVIEW]?: Record<string, unknown> };

export function withReview<T extends object>(changes: T, list: readonly { field: string; from: unknown }[]): T {
  const from: Record<string, unknown> = {};
  for (const change of list) from[change.field] = change.from ?? null;
  return Object.assign(changes, { [REVIEW]: from });
}

/** The REVIEW_HEADER value for a body, or null when it carries no review (or too large a one). */
export function reviewHeaderOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const from = (body as Reviewed)[REVIEW];
  return from ? encodeReview(from) : null;
}
