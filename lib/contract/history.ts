/**
 * Record history (issue 17 point 4): which record a console write touched, and the field changes the person
 * confirmed in the review. Isomorphic: the browser sends the review, the proxy records it, the history panel
 * and the audit page read it back.
 */

/** The kinds of record a History panel belongs to; also the first path segment of their detail pages. */
export const RECORD_TYPES = ['companies', 'products', 'skus', 'bundles', 'users'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export function isRecordType(value: unknown): value is RecordType {
  return typeof value === 'string' && (RECORD_TYPES as readonly string[]).includes(value);
}

/**
 * The record type an operation writes, read from its path: prices and stock belong to the SKU, bundle
 * prices to the bundle, point and credit quota to the company. Null for what is not a record (accounts).
 */
export function recordTypeOf(operation: string): RecordType | null {
  const path = operation.split(' ')[1] ?? '';
  if (path.startsWith('/v1/companies')) return 'companies';
  if (path.startsWith('/v1/products')) return 'products';
  if (path.startsWith('/v1/skus') || path.startsWith('/v1/prices')) return 'skus';
  if (path.startsWith('/v1/bundles') || path.startsWith('/v1/bundle-prices')) return 'bundles';
  if (path.startsWith('/v1/internal-users')) return 'users';
  return null;
}

/** A JSON value as written or as the review showed it. */
export type HistoryValue = string | number | boolean | null | HistoryValue[] | { [key: string]: HistoryValue };

/**
 * One changed field. `from` is absent when the write came without a review (a batch, an integration);
 * `secret` marks a value that is never stored (a password): only that it was set.
 */
export interface FieldDiff {
  field: string;
  from?: HistoryValue;
  to?: HistoryValue;
  secret?: true;
}

/** The header that carries the review's old values, `{ field: oldValue }` as URI-encoded JSON. */
export const REVIEW_HEADER = 'X-Console-Review';
/** A longer review header is ignored (the write itself is never refused for it). */
export const REVIEW_HEADER_MAX = 16_384;

export function encodeReview(from: Record<string, unknown>): string | null {
  const text = encodeURIComponent(JSON.stringify(from));
  return text.length <= REVIEW_HEADER_MAX ? text : null;
}

export function decodeReview(header: string | null): Record<string, HistoryValue> {
  if (!header || header.length > REVIEW_HEADER_MAX) return {};
  try {
    const value: unknown = JSON.parse(decodeURIComponent(header));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, HistoryValue>) : {};
  } catch {
    return {};
  }
}

/**
 * What started a write, as a record's History tells it: the console's form, panel, bulk edit, import or
 * resend; `outside` is a change found by the mirror's diff (made elsewhere).
 */
export const CHANGE_SOURCES = ['form', 'panel', 'bulk', 'import', 'resend', 'outside'] as const;
export type ChangeSource = (typeof CHANGE_SOURCES)[number];

/** The audit page's families of operation (catalogue key `audit.families.*`). */
export const AUDIT_FAMILIES = ['form', 'panel', 'quota', 'users', 'bulk', 'import', 'resend', 'account'] as const;
export type AuditFamily = (typeof AUDIT_FAMILIES)[number];

export function isAuditFamily(value: unknown): value is AuditFamily {
  return typeof value === 'string' && (AUDIT_FAMILIES as readonly string[]).includes(value);
}

/** The family of a single write sent through the proxy, read from its operation. */
export function familyOf(operation: string): AuditFamily {
  if (operation.startsWith('account ')) return 'account';
  const kind = operationKind(operation);
  if (kind === 'pointQuota' || kind === 'creditQuota') return 'quota';
  if (operation.includes(' /v1/internal-users')) return 'users';
  if (kind === 'price' || kind === 'stock') return 'panel';
  return 'form';
}

/** One write in a record's history, as the History panel and the audit page show it. */
export interface HistoryEntry {
  id: string;
  /** ISO 8601, UTC. */
  at: string;
  userEmail: string;
  operation: string;
  result: 'applied' | 'refused' | 'unknown' | null;
  outcome: string;
  status: number;
  /** null: nothing to show (a refused write changed nothing). */
  changes: FieldDiff[] | null;
  source?: ChangeSource;
  /** The old values were read before sending; when false, History says "previous value not read". */
  oldRead?: boolean;
  /** created | updated, when the answer said which. */
  action?: string | null;
  /** The audit entry this change belongs to, and the import (job results page) and attempt that sent it. */
  auditId?: string;
  importId?: string | null;
  attempt?: number | null;
}

/** A page of a record's History, newest first; `older` is the cursor of the next page, null at the end. */
export interface HistoryPage {
  entries: HistoryEntry[];
  older: string | null;
}

/** History entries per page ("Show older" reads the next). */
export const HISTORY_PAGE_SIZE = 50;

export type OperationKind = 'create' | 'update' | 'batch' | 'price' | 'stock' | 'pointQuota' | 'creditQuota' | 'other';

/** How a write reads to a person: an edit, a price, a stock level… (catalogue key `history.operations.*`). */
export function operationKind(operation: string): OperationKind {
  const [method = '', path = ''] = operation.split(' ');
  if (path.includes('/point-quota')) return 'pointQuota';
  if (path.includes('/credit-quota')) return 'creditQuota';
  if (path.includes('/prices') || path.includes('/bundle-prices')) return 'price';
  if (path.includes('/stock')) return 'stock';
  if (path.endsWith('/batch')) return 'batch';
  if (method === 'PUT' && path.endsWith('/{id}')) return 'update';
  if (method === 'POST' && path.startsWith('/v1/')) return 'create';
  return 'other';
}
