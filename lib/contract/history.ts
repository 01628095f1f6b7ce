import type { FamilyName } from './console/import-values';
import type { DetectionWindowView } from './history-headings';

export * from './history-headings';

// Record history (issue 17 point 4): which record a console write touched and its field changes, old values as the
// server knew them (issue 61). Isomorphic: the proxy records them, the history panel and the audit page read them.

/** The kinds of record a History panel belongs to; also the first path segment of their detail pages. */
export const RECORD_TYPES = ['companies', 'products', 'skus', 'bundles', 'users'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

/** The record type a batch family writes (a price or stock row is its SKU's; a quota row its company's). */
export const FAMILY_RECORD_TYPE: Record<FamilyName, RecordType> = {
  companies: 'companies',
  products: 'products',
  skus: 'skus',
  bundles: 'bundles',
  stock: 'skus',
  prices: 'skus',
  bundlePrices: 'bundles',
  pointQuotas: 'companies',
  creditQuotas: 'companies',
};

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
  /** Names of what the values refer to by id (a recipe's SKUs: `{ [skuId]: { code, name } }`), as the console showed them. */
  labels?: Record<string, RefLabel>;
  /** The review's old value where it is not `from` (or none was read): compared, never the old value (issue 61). */
  reviewed?: HistoryValue;
  /** How `from` was known: the console's copy as of `at`, or its own read before the write (ISO 8601). */
  fromRead?: { by: 'copy' | 'read'; at: string };
}

export interface RefLabel {
  code?: string | null;
  name?: string | null;
}

/** "S0005-06 烏龍茶" for a record named by code and name, the name alone for a category path or a role. */
export function refName(label: RefLabel | undefined): string | null {
  if (!label) return null;
  return [label.code, label.name].filter(Boolean).join(' ') || null;
}

/** The review's key for the labels of the ids its values refer to (never a field name: fields are camelCase). */
export const REVIEW_LABELS = '$labels';

/** One recipe line as History reads it: a component SKU and its quantity. */
type RecipeLine = {
  componentSkuId?: number | null;
  componentSkuOuterSysCode?: string | null;
  componentSkuName?: string | null;
  quantity?: number;
};

export type RecipeStep =
  | { kind: 'changed'; sku: string; from: number; to: number }
  | { kind: 'added'; sku: string; quantity: number }
  | { kind: 'removed'; sku: string };

/**
 * A recipe change in steps ("S0056-05 ×3 → ×2; added S0080-01 ×20; removed S0012-01"), each component named
 * by its code and name where the console knew them, else by its id. Null when the values are not recipes.
 */
export function recipeSteps(
  from: HistoryValue | undefined,
  to: HistoryValue | undefined,
  labels: Record<string, RefLabel> = {},
): RecipeStep[] | null {
  if (!Array.isArray(to) || (from !== undefined && from !== null && !Array.isArray(from))) return null;
  const key = (line: RecipeLine) =>
    line.componentSkuId != null ? `id:${line.componentSkuId}` : `code:${line.componentSkuOuterSysCode ?? ''}`;
  const name = (line: RecipeLine) => {
    const label = line.componentSkuId != null ? labels[String(line.componentSkuId)] : undefined;
    const code = label?.code ?? line.componentSkuOuterSysCode ?? null;
    const title = label?.name ?? line.componentSkuName ?? null;
    const head = code ?? (line.componentSkuId != null ? `#${line.componentSkuId}` : '?');
    return title ? `${head} ${title}` : head;
  };
  const before = new Map(((from as RecipeLine[] | null | undefined) ?? []).map((l) => [key(l), l]));
  const steps: RecipeStep[] = [];
  for (const line of to as RecipeLine[]) {
    const old = before.get(key(line));
    before.delete(key(line));
    if (!old) steps.push({ kind: 'added', sku: name(line), quantity: line.quantity ?? 0 });
    else if ((old.quantity ?? 0) !== (line.quantity ?? 0))
      steps.push({ kind: 'changed', sku: name({ ...old, ...line }), from: old.quantity ?? 0, to: line.quantity ?? 0 });
  }
  for (const old of before.values()) steps.push({ kind: 'removed', sku: name(old) });
  return steps;
}

/** The header that carries the review's old values, `{ field: oldValue }` as URI-encoded JSON: compared, never recorded. */
export const REVIEW_HEADER = 'X-Console-Review';
/** A longer review header is ignored (the write itself is never refused for it). */
export const REVIEW_HEADER_MAX = 16_384;

export function encodeReview(from: Record<string, unknown>): string | null {
  const text = encodeURIComponent(JSON.stringify(from));
  return text.length <= REVIEW_HEADER_MAX ? text : null;
}

export function decodeReview(header: string | null): Record<string, HistoryValue> {
  // (the labels, under REVIEW_LABELS, come back as one more key: the reader takes them out)
  if (!header || header.length > REVIEW_HEADER_MAX) return {};
  try {
    const value: unknown = JSON.parse(decodeURIComponent(header));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, HistoryValue>)
      : {};
  } catch {
    return {};
  }
}

/**
 * What started a write, as a record's History tells it: the console's form, panel, bulk edit, import or
 * resend; `outside` is a change found by the mirror's diff (made elsewhere); `attention` a finding of a rule
 * opened, resolved, accepted or reopened (lib/server/attention), the action saying which; `sync` a row the ERP sync
 * could not apply, closed (action `erp`: fixed by the ERP, `console`: fixed in the console) or `dismissed`.
 * `revert`: an import's revert ("Restored from import …"), itself an import computed from History.
 * `restore`: a form's save that put back a History entry's old values ("Restored from the change of …").
 */
export const CHANGE_SOURCES = [
  'form',
  'panel',
  'bulk',
  'import',
  'resend',
  'outside',
  'attention',
  'sync',
  'revert',
  'restore',
] as const;
export type ChangeSource = (typeof CHANGE_SOURCES)[number];

/** The record types "Restore earlier values" is offered for: master data with an edit page. */
export const RESTORE_TYPES = ['companies', 'products', 'skus', 'bundles'] as const;
export type RestoreType = (typeof RESTORE_TYPES)[number];

/**
 * The audit page's families of operation (catalogue key `audit.families.*`); `outside`: the changes a mirror
 * pass found, made elsewhere (lib/server/mirror).
 */
export const AUDIT_FAMILIES = [
  'form',
  'panel',
  'quota',
  'users',
  'bulk',
  'import',
  'resend',
  'account',
  'outside',
  'attention',
  'revert',
] as const;
export type AuditFamily = (typeof AUDIT_FAMILIES)[number];

export function isAuditFamily(value: unknown): value is AuditFamily {
  return typeof value === 'string' && (AUDIT_FAMILIES as readonly string[]).includes(value);
}

/** The family of a single write sent through the proxy, read from its operation. */
export function familyOf(operation: string): AuditFamily {
  if (operation.startsWith('account ')) return 'account';
  // The console's own calls of an import (upload, start, cancel, resend) belong with the import, not with forms.
  if (operation.includes(' /api/imports')) return 'import';
  const kind = operationKind(operation);
  if (kind === 'pointQuota' || kind === 'creditQuota') return 'quota';
  if (operation.includes(' /v1/internal-users')) return 'users';
  if (kind === 'price' || kind === 'stock') return 'panel';
  return 'form';
}

/**
 * A finding as a record's History holds it (source `attention`): never field changes, so a resolved finding does
 * not read as an erasure. `values` are the offending values found (an accepted or reopened one: those it had then);
 * `now` the same fields' values when it was resolved (the fix); `reason` and `until` an acceptance's.
 * A closed rejection (source `sync`) keeps the same shape: `values` the ERP's error code, the field it names and
 * the value sent (`{ error, field, value }`), `reason` a dismissal's.
 */
export interface FindingRecord {
  values: Record<string, HistoryValue>;
  now?: Record<string, HistoryValue>;
  reason?: string;
  until?: string;
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
  /**
   * A change made outside the console (source `outside`): when it happened, as narrowly as the mirror can
   * tell: after `from` (the previous complete pass; null before the first) and by `to` (the pass that found it).
   */
  window?: DetectionWindowView | null;
  /** The audit entry this change belongs to, and the import (job results page) and attempt that sent it. */
  auditId?: string;
  importId?: string | null;
  attempt?: number | null;
  /** A revert's change ("Restored from import …"): the import it undid. */
  revertsImportId?: string | null;
  /** The import it undid was a bulk edit ("Restored from bulk edit …"). */
  revertsBulkEdit?: boolean;
  /** A restore's change (source `restore`): the History entry whose old values it put back, when and by whom. */
  restores?: RestoredChange | null;
  /** A finding's entry (source `attention`): what was found, and on resolve what the fields hold now. */
  finding?: FindingRecord | null;
  /** Fields sent with the value they already had: counted, not listed ("and 9 unchanged fields"). */
  unchanged?: number;
}

/** The History entry a restore undid: its change record's id, when it was made and by whom. */
export interface RestoredChange {
  changeId: string;
  at: string;
  userEmail: string;
  source: ChangeSource;
}

/**
 * The review's key for the History entry a save restores (a change record's id). The proxy checks that the
 * change exists and is the same record's before it sends anything (lib/server/audit restoredChange).
 */
export const REVIEW_RESTORES = '$restores';

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
