import type { FamilyName, Item } from './families';
import { targetCodeKey } from './target-key';

/**
 * "Compare with live data": what each row would do to the records as they are now, read once from the
 * family's list (all pages). Matching follows the service's upsert rules (master-data-api.md, contract §1):
 * an id decides; otherwise an exact, case-sensitive ERP code (a SKU's within its product); an empty code
 * never matches. Numbers compare at the 4 decimals the service stores.
 */

export type LiveRecord = Record<string, unknown> & { id: number };

export type CompareKind =
  /** Nothing matches: the row creates a record. */
  | 'create'
  | 'update'
  /** Every field the row sets already has that value. */
  | 'same'
  /** The row names an id (or a non-upsert target) that does not exist: it will fail. */
  | 'not_found'
  /** The ERP code matches more than one record: the service refuses it. */
  | 'ambiguous'
  /** The row would create or update, but the service would refuse it for the reason given (./predict.ts). */
  | 'would_fail';

export interface Change {
  field: string;
  old: unknown;
  new: unknown;
}

export interface Comparison {
  kind: CompareKind;
  recordId: number | null;
  changes: Change[];
  /**
   * Matched by ERP code rather than by id: the row updates an existing record the file did not name, the
   * case a steward should look at ("I meant to create this").
   */
  byCode: boolean;
}

/**
 * Which list each family is compared with, and how a row names its target. A quota row names its company (by id
 * or by the company's ERP code, matched exactly as the service does); the service has no quota list, so the
 * quota's own values (`quota`) are read one company at a time for the companies the rows name
 * (lib/client/imports/quota-values.ts) and kept in the index's `quotas`. Without them the comparison only says
 * whether the company exists.
 */
export const COMPARE_SOURCES = {
  companies: { list: 'companies', idField: 'id', codeField: 'outerSysCode', upsert: true },
  products: { list: 'products', idField: 'id', codeField: 'outerSysCode', upsert: true },
  skus: { list: 'skus', idField: 'id', codeField: 'outerSysCode', upsert: true },
  bundles: { list: 'bundles', idField: 'id', codeField: 'outerSysCode', upsert: true },
  stock: { list: 'skus', idField: 'skuId', codeField: null, upsert: false },
  prices: { list: 'skus', idField: 'skuId', codeField: null, upsert: false },
  bundlePrices: { list: 'bundles', idField: 'id', codeField: null, upsert: false },
  pointQuotas: { list: 'companies', idField: 'companyId', codeField: 'companyCode', upsert: false, quota: 'point' },
  creditQuotas: { list: 'companies', idField: 'companyId', codeField: 'companyCode', upsert: false, quota: 'credit' },
} as const satisfies Record<
  FamilyName,
  {
    list: 'companies' | 'products' | 'skus' | 'bundles';
    idField: string;
    codeField: string | null;
    upsert: boolean;
    quota?: 'point' | 'credit';
  }
>;

/** A quota family's kind ('point' or 'credit'), or null for a family whose values are in its list. */
export function quotaKind(family: ComparableFamily): 'point' | 'credit' | null {
  const source = COMPARE_SOURCES[family];
  return 'quota' in source ? source.quota : null;
}

export type ComparableFamily = keyof typeof COMPARE_SOURCES;

export function isComparable(family: FamilyName): family is ComparableFamily {
  return family in COMPARE_SOURCES;
}

export interface LiveIndex {
  byId: Map<number, LiveRecord>;
  byCode: Map<string, LiveRecord[]>;
  /** A quota family's values as read, by company id (see COMPARE_SOURCES). */
  quotas?: ReadonlyMap<number, Record<string, unknown>>;
}

export function indexLive(family: ComparableFamily, records: readonly LiveRecord[]): LiveIndex {
  const byId = new Map<number, LiveRecord>();
  const byCode = new Map<string, LiveRecord[]>();
  for (const record of records) {
    byId.set(record.id, record);
    const code = record.outerSysCode;
    if (typeof code === 'string' && code !== '') {
      const key = targetCodeKey(family, code, record.productId);
      byCode.set(key, [...(byCode.get(key) ?? []), record]);
    }
  }
  return { byId, byCode };
}

const round4 = (n: number) => Math.round(n * 10_000);

type LiveComponent = {
  componentSkuId?: number;
  componentSkuOuterSysCode?: string | null;
  quantity?: number;
  sort?: number;
};

/** A recipe as text: each component by the identifier the row uses (id or code), with its quantity, in order. */
function recipe(components: readonly LiveComponent[], byId: readonly boolean[]): string {
  return components
    .slice()
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
    .map(
      (c, i) =>
        `${byId[i] ? `id:${c.componentSkuId}` : (c.componentSkuOuterSysCode ?? '').trim().toLowerCase()}*${round4(c.quantity ?? 0)}`,
    )
    .join('|');
}

function fieldUnchanged(field: string, live: unknown, next: unknown): boolean {
  if (field === 'components' && Array.isArray(next) && Array.isArray(live)) {
    const wanted = (next as LiveComponent[]).slice().sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
    const byId = wanted.map((c) => typeof c.componentSkuId === 'number');
    return recipe(wanted, byId) === recipe(live as LiveComponent[], byId);
  }
  if (typeof next === 'number' && typeof live === 'number') return round4(next) === round4(live);
  // A null text in the record reads as empty, as the service stores a create's default.
  if (typeof next === 'string' && (live === null || live === undefined)) return next === '';
  return live === next;
}

export function compareItem(family: ComparableFamily, item: Item, live: LiveIndex): Comparison {
  const source = COMPARE_SOURCES[family];
  const id = item[source.idField];
  let record: LiveRecord | undefined;
  let byCode = false;
  if (typeof id === 'number') {
    record = live.byId.get(id);
    if (!record) return { kind: 'not_found', recordId: id, changes: [], byCode: false };
  } else if (source.codeField !== null && typeof item[source.codeField] === 'string' && item[source.codeField] !== '') {
    const found = live.byCode.get(targetCodeKey(family, item[source.codeField], item.productId)) ?? [];
    if (found.length > 1) return { kind: 'ambiguous', recordId: null, changes: [], byCode: true };
    record = found[0];
    // A quota names its company by code as a matter of course: not the case to look at.
    byCode = record !== undefined && source.upsert;
  }
  if (!record) {
    return source.upsert
      ? { kind: 'create', recordId: null, changes: [], byCode: false }
      : { kind: 'not_found', recordId: null, changes: [], byCode: false };
  }
  const quota = quotaKind(family) !== null;
  const values = quota ? live.quotas?.get(record.id) : record;
  if (!values) return { kind: 'update', recordId: record.id, changes: [], byCode };
  const changes: Change[] = [];
  for (const [field, value] of Object.entries(item)) {
    // A quota row's company code is its key, not one of the quota's values.
    if (field === source.idField || (quota && field === source.codeField) || value === undefined || value === null)
      continue;
    if (!fieldUnchanged(field, values[field], value)) changes.push({ field, old: values[field] ?? null, new: value });
  }
  return { kind: changes.length ? 'update' : 'same', recordId: record.id, changes, byCode };
}

/**
 * Why the service would refuse a row the comparison found no single target for, in the service's own code
 * (batch items say `not_found`; the quota batches name the company).
 */
export function notFoundReason(
  family: ComparableFamily,
  kind: 'not_found' | 'ambiguous',
  item: Item = {},
): { code: string; field: string } {
  const source = COMPARE_SOURCES[family];
  const quota = source.list === 'companies' && source.idField === 'companyId';
  // The field the row named its target by: its id when it has one, else its code.
  const field =
    typeof item[source.idField] === 'number' || source.codeField === null ? source.idField : source.codeField;
  if (kind === 'ambiguous') return { code: quota ? 'company_code_ambiguous' : 'outer_sys_code_ambiguous', field };
  return { code: quota ? 'company_not_found' : 'not_found', field };
}

/**
 * The old values a comparison read for a row, for History: each field it compared, as the live record had
 * it ({} when the row creates a record). Null when no single record was read (not found, ambiguous), or when a
 * quota row's values were not read (`live` without the company's quota).
 */
export function readBefore(
  family: ComparableFamily,
  item: Item,
  comparison: Comparison,
  live?: LiveIndex,
): Record<string, unknown> | null {
  if (quotaKind(family) !== null && (comparison.recordId === null || !live?.quotas?.has(comparison.recordId)))
    return null;
  if (comparison.kind === 'create') return {};
  if (comparison.kind !== 'update' && comparison.kind !== 'same') return null;
  const idField = COMPARE_SOURCES[family].idField;
  const before: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(item)) {
    if (field !== idField && value !== undefined && value !== null) before[field] = value;
  }
  for (const change of comparison.changes) before[change.field] = change.old;
  return before;
}
