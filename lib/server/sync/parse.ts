import 'server-only';
import {
  BATCH_ENDPOINTS,
  BUNDLE_OPERATIONS,
  COMPANY_OPERATIONS,
  matchOperation,
  PRODUCT_OPERATIONS,
  SKU_OPERATIONS,
  type OperationId,
} from '@/lib/contract';
import { APPLIED_ITEM_STATUSES } from '@/lib/contract/batch-statuses';
import { FAMILY_COLUMNS, type FamilyName } from '@/lib/imports/family-columns';
import { itemErrors } from '@/lib/imports/item-errors';
import { recordKey } from '@/lib/imports/target-key';

/**
 * What a relayed write says, read from the bytes the ERP sent and the upstream answered: its operation and family,
 * its outcome, its item counts and the items that did not apply. Pure: no database, so it is tested on its own
 * and runs in the recorder's queue, never on the answer's path.
 */

export type CallOutcome = 'applied' | 'partial' | 'refused' | 'unknown';

export interface RejectedItem {
  index: number;
  recordKey: string;
  item: unknown;
  errorCode: string;
  errorField: string | null;
  /** The answer's error codes for the item (a quota item's single `error` as a list of one). */
  errors: string[];
}

/** A record the console (or the ERP) applied: its key as the rejections name it, and its id from the answer. */
export interface AppliedRecord {
  key: string;
  recordId: number | null;
}

/** The record id an answer (a batch result or a single write's body) gives, else the one the item names. */
function idOf(answer: unknown, item: unknown): number | null {
  for (const source of [answer, item])
    if (source && typeof source === 'object')
      for (const name of ['id', 'skuId', 'companyId']) {
        const value = (source as Record<string, unknown>)[name];
        if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
      }
  return null;
}

export interface ParsedCall {
  operation: OperationId;
  family: FamilyName | null;
  outcome: CallOutcome;
  itemCount: number;
  appliedCount: number;
  rejected: RejectedItem[];
  /** The records this call applied, by key and the id the answer gave (to close their open rejections). */
  applied: AppliedRecord[];
  errorCode: string | null;
}

const SINGLE_WRITES = new Map<string, FamilyName>([
  [COMPANY_OPERATIONS.create, 'companies'],
  [COMPANY_OPERATIONS.update, 'companies'],
  [PRODUCT_OPERATIONS.create, 'products'],
  [PRODUCT_OPERATIONS.update, 'products'],
  [SKU_OPERATIONS.create, 'skus'],
  [SKU_OPERATIONS.update, 'skus'],
  [BUNDLE_OPERATIONS.create, 'bundles'],
  [BUNDLE_OPERATIONS.update, 'bundles'],
]);
const BATCHES = new Map<string, FamilyName>(
  Object.entries(BATCH_ENDPOINTS).map(([family, endpoint]) => [endpoint.operation, family as FamilyName]),
);
/**
 * Answers about the call itself, never about the record it carried: no rejection row (nothing to fix in it). The
 * relay counts such calls instead of storing them (./triage.ts): anyone who can reach the port can cause them.
 */
export const CALL_LEVEL_STATUS: ReadonlySet<number> = new Set([401, 403, 405, 408, 413, 429]);

const decoder = new TextDecoder();
function json(bytes: Uint8Array | string | null): unknown {
  if (bytes === null) return undefined;
  try {
    return JSON.parse(typeof bytes === 'string' ? bytes : decoder.decode(bytes));
  } catch {
    return undefined;
  }
}

/** The error code of a refused or failed answer: `{ error }`, or a problem-details `detail`. */
function answerCode(answer: unknown): string | null {
  if (answer === null || typeof answer !== 'object') return null;
  const { error, detail } = answer as { error?: unknown; detail?: unknown };
  return typeof error === 'string' ? error : typeof detail === 'string' ? detail : null;
}

/** The operation of a method and a path-and-query as sent; null for anything the contract does not name. */
export function operationOf(method: string, pathAndQuery: string): { id: OperationId; pathId?: string } | null {
  const q = pathAndQuery.indexOf('?');
  const match = matchOperation(method, q === -1 ? pathAndQuery : pathAndQuery.slice(0, q));
  return match && match !== 'method' ? { id: match.id, pathId: match.params.id } : null;
}

/** The family of records a write of the ERP's sync names (its batch or single write); null for a read. */
export function syncFamilyOf(operation: string): FamilyName | null {
  return BATCHES.get(operation) ?? SINGLE_WRITES.get(operation) ?? null;
}

const rejection = (family: FamilyName, index: number, item: unknown, codes: string[], pathId?: string) => {
  const errorCode = codes[0] ?? 'outcome_unknown';
  return {
    index,
    recordKey: recordKey(FAMILY_COLUMNS[family].key, item, pathId),
    item: item === undefined ? null : item,
    errorCode,
    // The field of the first error as the item shows it (invalid_price: the price the ERP sent out of range).
    errorField: itemErrors(family, item, [errorCode])[0]?.field ?? null,
    errors: codes,
  };
};

function itemCodes(result: { errors?: unknown; error?: unknown }): string[] {
  if (Array.isArray(result.errors)) return result.errors.filter((e): e is string => typeof e === 'string');
  return typeof result.error === 'string' ? [result.error] : [];
}

function parseBatch(family: FamilyName, body: unknown, answer: unknown, base: ParsedCall): ParsedCall {
  const items = Array.isArray(body) ? body : [];
  const results = (answer as { items?: unknown } | null)?.items;
  // A 2xx whose answer cannot be read claims nothing: the items may or may not have been applied.
  if (!Array.isArray(results)) return { ...base, outcome: 'unknown', itemCount: items.length };
  const byIndex = new Map<number, { status?: unknown; errors?: unknown; error?: unknown }>();
  for (const r of results as { index?: unknown; status?: unknown }[])
    if (typeof r?.index === 'number') byIndex.set(r.index, r);
  const rejected: RejectedItem[] = [];
  const appliedRecords: AppliedRecord[] = [];
  let applied = 0;
  items.forEach((item, index) => {
    const result = byIndex.get(index);
    if (!result) return;
    if (typeof result.status === 'string' && APPLIED_ITEM_STATUSES.has(result.status)) {
      applied++;
      appliedRecords.push({ key: recordKey(FAMILY_COLUMNS[family].key, item), recordId: idOf(result, item) });
    } else rejected.push(rejection(family, index, item, itemCodes(result)));
  });
  const outcome = applied === items.length ? 'applied' : 'partial';
  return { ...base, outcome, itemCount: items.length, appliedCount: applied, rejected, applied: appliedRecords };
}

/** Reads one relayed write; null for what is not a contract write (reads, unknown paths). */
export function parseCall(call: {
  method: string;
  pathAndQuery: string;
  status: number | null;
  requestBody: Uint8Array | string | null;
  responseBody: Uint8Array | string | null;
}): ParsedCall | null {
  const op = operationOf(call.method, call.pathAndQuery);
  if (!op || op.id.startsWith('GET ')) return null;
  const family = syncFamilyOf(op.id);
  const batch = BATCHES.has(op.id);
  const body = json(call.requestBody);
  const base: ParsedCall = {
    operation: op.id,
    family,
    outcome: 'unknown',
    itemCount: batch ? (Array.isArray(body) ? body.length : 0) : 1,
    appliedCount: 0,
    rejected: [],
    applied: [],
    errorCode: null,
  };
  const { status } = call;
  if (status === null || status >= 500 || status < 200 || (status >= 300 && status < 400)) {
    const answer = status === null ? undefined : json(call.responseBody);
    return { ...base, errorCode: status === null ? null : answerCode(answer) };
  }
  const answer = json(call.responseBody);
  if (status >= 400) {
    const errorCode = answerCode(answer);
    const refused = { ...base, outcome: 'refused' as const, errorCode };
    // A single write refused for its own data (400 name_too_long, 404 company not found) is a row to fix.
    if (batch || !family || CALL_LEVEL_STATUS.has(status) || errorCode === null) return refused;
    return { ...refused, rejected: [rejection(family, 0, body, [errorCode], op.pathId)] };
  }
  if (batch && family) return parseBatch(family, body, answer, base);
  const records = family
    ? [
        {
          key: recordKey(FAMILY_COLUMNS[family].key, body, op.pathId),
          recordId: idOf(answer, op.pathId ? { id: Number(op.pathId) } : body),
        },
      ]
    : [];
  return { ...base, outcome: 'applied', appliedCount: 1, applied: records };
}
