import 'server-only';
import { decodeReview, type HistoryValue } from '@/lib/contract/history';
import {
  BUNDLE_OPERATIONS,
  BUNDLE_PRICE_OPERATIONS,
  COMPANY_OPERATIONS,
  CREDIT_QUOTA_OPERATIONS,
  INTERNAL_USER_OPERATIONS,
  operationPath,
  POINT_QUOTA_OPERATIONS,
  PRICE_OPERATIONS,
  PRODUCT_OPERATIONS,
  SKU_OPERATIONS,
  STOCK_OPERATIONS,
} from '@/lib/contract/operations';
import { PAGE_SIZE_MAX } from '@/lib/contract/lists';
import { readPath, type ReadName } from '@/lib/contract/reads';
import type { OldValues } from '../../audit';
import { reviewAgrees } from '../../history';
import type { MirrorCopy } from '../copy/copy';
import type { MirrorEntityName } from '../copy/entities';

/** One signed request to the upstream (the proxy's sender, or a job's client): no retry, the caller's signal. */
export type SignedSend = (input: {
  method: string;
  pathAndQuery: string;
  bodyBytes: Uint8Array | null;
  signal: AbortSignal;
  requestId?: string;
}) => Promise<Response>;

/**
 * The old values a console write records (issue 61 point 3): what the server knew, never what the browser says
 * it reviewed. Used by the proxy for each single write and by an import's job for each row it sends. The console's copy of the record (the mirror) when it holds a current one that agrees with the
 * review, else one read of the record made just before the write. A review that disagrees with the copy costs
 * that one read (the copy may be behind a change made elsewhere); the read is never retried and never holds the
 * write back past its budget: when it fails, the copy stands if there was one, else the old values were not read.
 */

/** Where a write's record lives in the mirror and how it is read by id; `pick` takes the write's fields from either. */
interface OldValuesTarget {
  entity: MirrorEntityName;
  /** 'userList': /v1 has no read of one user by id, so the user list is read (a tenant has at most a few hundred). */
  read: ReadName | 'userList';
  /** The record's fields from the mirror's copy (a quota record holds both quotas). */
  fromCopy?: (record: Record<string, unknown>) => Record<string, unknown>;
}

const quota = (family: 'credit' | 'point') => (record: Record<string, unknown>) =>
  (typeof record[family] === 'object' && record[family] !== null ? record[family] : {}) as Record<string, unknown>;

const record = (entity: MirrorEntityName, read: ReadName | 'userList'): OldValuesTarget => ({ entity, read });

const recordTargets = (
  ops: { create: string; update: string; batch: string },
  entity: MirrorEntityName,
  read: ReadName,
) => [ops.create, ops.update, ops.batch].map((op) => [op, record(entity, read)] as const);

const TARGETS = new Map<string, OldValuesTarget>([
  ...recordTargets(COMPANY_OPERATIONS, 'companies', 'company'),
  ...recordTargets(PRODUCT_OPERATIONS, 'products', 'product'),
  ...recordTargets(SKU_OPERATIONS, 'skus', 'sku'),
  ...recordTargets(BUNDLE_OPERATIONS, 'bundles', 'bundle'),
  // A price or a stock level is its SKU's (the SKU record carries price, sellPrice and inventoryQty).
  [PRICE_OPERATIONS.batch, record('skus', 'sku')],
  [STOCK_OPERATIONS.batch, record('skus', 'sku')],
  [BUNDLE_PRICE_OPERATIONS.batch, record('bundles', 'bundle')],
  [INTERNAL_USER_OPERATIONS.update, record('internalUsers', 'userList')],
  [CREDIT_QUOTA_OPERATIONS.batch, { entity: 'quotas', read: 'creditQuota', fromCopy: quota('credit') }],
  [POINT_QUOTA_OPERATIONS.batch, { entity: 'quotas', read: 'pointQuota', fromCopy: quota('point') }],
]);

/** At most this long for the read before a write; past it the write goes on and History says "not read". */
export const OLD_VALUES_READ_BUDGET_MS = 1_500;

export interface OldValuesInput {
  operation: string;
  /** The one record the write names (its path id, a one-item batch's id, an upsert's existing record). */
  id: string;
  /** The fields the write sends. */
  fields: readonly string[];
  /** The review header as the browser sent it (compared with the copy, never taken as the old values). */
  reviewHeader: string | null;
  signal: AbortSignal;
  requestId?: string;
  /** False: the copy or nothing (default true). */
  read?: boolean;
}

export type OldValuesLookup = (input: OldValuesInput) => Promise<OldValues | null>;

const ID = /^[1-9][0-9]{0,18}$/;

function only(record: Record<string, unknown>, fields: readonly string[]): Record<string, HistoryValue> {
  const values: Record<string, HistoryValue> = {};
  for (const field of fields) if (Object.hasOwn(record, field)) values[field] = (record[field] ?? null) as HistoryValue;
  return values;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One signed GET with the proxy's own sender, no retry; the JSON body, or null for anything but a 200. */
async function getJson(send: SignedSend, pathAndQuery: string, input: OldValuesInput, signal: AbortSignal) {
  const response = await send({ method: 'GET', pathAndQuery, bodyBytes: null, signal, requestId: input.requestId });
  if (response.status === 200) return (await response.json()) as unknown;
  await response.body?.cancel();
  return null;
}

/** Pages of the user list read at most while looking for one user (100 each). */
const USER_LIST_PAGES = 20;

/** The record as the service holds it now, read under the budget; null when the read fails or finds nothing. */
async function readOnce(
  send: SignedSend,
  name: ReadName | 'userList',
  id: number,
  input: OldValuesInput,
  budgetMs: number,
): Promise<Record<string, unknown> | null> {
  const signal = AbortSignal.any([input.signal, AbortSignal.timeout(budgetMs)]);
  try {
    if (name !== 'userList') {
      const body = await getJson(send, readPath(name, id), input, signal);
      return isRecord(body) ? body : null;
    }
    for (let page = 1; page <= USER_LIST_PAGES; page++) {
      const path = `${operationPath(INTERNAL_USER_OPERATIONS.list)}?pageSize=${PAGE_SIZE_MAX}&page=${page}`;
      const body = await getJson(send, path, input, signal);
      const users: unknown[] = isRecord(body) && Array.isArray(body.data) ? body.data : [];
      const user = users.find((u) => isRecord(u) && u.id === id);
      if (user) return isRecord(user) ? user : null;
      if (users.length < PAGE_SIZE_MAX) return null;
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * The lookup called before sending a single-record write (the proxy) or a chunk of rows (an import). `copy` reads
 * the mirror (absent with MIRROR=off); `send` is the caller's signed sender. `read: false` (an import's row nobody
 * reviewed) takes the copy or nothing: no read of its own.
 */
export function createOldValuesLookup(deps: {
  copy?: (entity: MirrorEntityName, id: number) => Promise<MirrorCopy | null>;
  send: SignedSend;
  budgetMs?: number;
  now?: () => number;
}): OldValuesLookup {
  return async (input) => {
    const target = TARGETS.get(input.operation);
    if (!target || !ID.test(input.id) || input.fields.length === 0) return null;
    const id = Number(input.id);
    const copy = await deps.copy?.(target.entity, id).catch(() => null);
    const held = copy ? only((target.fromCopy ?? ((r) => r))(copy.record), input.fields) : null;
    const fromCopy = held && copy ? { values: held, read: { by: 'copy' as const, at: copy.at.toISOString() } } : null;
    const review = decodeReview(input.reviewHeader);
    const agrees = (values: Record<string, HistoryValue>) =>
      input.fields.every(
        (f) => !Object.hasOwn(review, f) || !Object.hasOwn(values, f) || reviewAgrees(review[f], values[f]),
      );
    if (fromCopy && agrees(fromCopy.values)) return fromCopy;
    if (input.read === false) return fromCopy;
    const readAt = new Date(deps.now?.() ?? Date.now()).toISOString();
    const live = await readOnce(deps.send, target.read, id, input, deps.budgetMs ?? OLD_VALUES_READ_BUDGET_MS);
    if (live) return { values: only(live, input.fields), read: { by: 'read', at: readAt } };
    return fromCopy;
  };
}
