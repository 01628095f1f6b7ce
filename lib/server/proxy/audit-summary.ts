import 'server-only';
import { APPLIED_ITEM_STATUSES } from '@/lib/contract/batch-statuses';
import type { OperationId } from '@/lib/contract/operations';
import type { WriteResult } from '../audit';

export type { WriteResult };

/** What the audit log keeps about one write, besides who and when. */
export interface WriteSummary {
  targetIds: string[];
  result: WriteResult;
  outcome: string;
  /** Batch items that failed, and items whose fate is unknown (by id, or `code:` ERP code when they had none). */
  failedIds: string[];
  unknownIds: string[];
}

/** The audit row keeps at most this many ids per list; a batch holds at most 1,000 items anyway. */
export const MAX_AUDIT_TARGETS = 1000;

const STATUS_ORDER = ['created', 'updated', 'ok', 'failed'];

function parseJson(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function idText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value !== '') return value;
  return null;
}

/** The code an error body carries, whichever of the documented shapes it has; a 404 is a 404 whatever its body. */
function errorCode(status: number, body: unknown): string | null {
  if (status === 404) return 'not_found';
  if (!isRecord(body)) return null;
  for (const key of ['error', 'code', 'detail']) {
    const value = body[key];
    if (typeof value === 'string' && value !== '') return value;
  }
  return null;
}

function countStatuses(items: unknown[]): string {
  const counts = new Map<string, number>();
  for (const item of items) {
    const status = isRecord(item) && typeof item.status === 'string' ? item.status : 'unknown';
    counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  const keys = [...counts.keys()].sort((a, b) => {
    const ia = STATUS_ORDER.indexOf(a);
    const ib = STATUS_ORDER.indexOf(b);
    return (ia < 0 ? 99 : ia) - (ib < 0 ? 99 : ib) || a.localeCompare(b);
  });
  return keys.map((k) => `${counts.get(k)} ${k}`).join(', ') || '0 items';
}

/** The record a batch request item names: its id (or skuId, companyId), else its ERP code (`code:<code>`). */
export function requestKey(item: unknown): string | null {
  if (!isRecord(item)) return null;
  const id = idText(item.id) ?? idText(item.skuId) ?? idText(item.companyId);
  if (id) return id;
  const code = typeof item.outerSysCode === 'string' && item.outerSysCode ? item.outerSysCode : item.companyCode;
  return typeof code === 'string' && code ? `code:${code}` : null;
}

/**
 * The record a one-item batch writes, by its id (a price or a stock level is its SKU's or its bundle's), or null:
 * what a restore through the price batch names its record by, where a single write has its path id.
 */
export function oneItemRecordId(requestText: string | null): string | null {
  const request = parseJson(requestText);
  if (!Array.isArray(request) || request.length !== 1) return null;
  const key = requestKey(request[0]);
  return key && !key.startsWith('code:') ? key : null;
}

function requestKeys(request: unknown): string[] {
  return Array.isArray(request) ? request.map(requestKey).filter((k): k is string => k !== null) : [];
}

const cap = (ids: Iterable<string>) => [...new Set(ids)].slice(0, MAX_AUDIT_TARGETS);

/**
 * Who-did-what for the audit log, read from the operation, its path id, the request body and the answer.
 * `status` is the upstream's HTTP status, or null when no answer came (timeout, unreachable).
 * `existingIds` is given for a single create whose ERP code was looked up just before sending: the ids of
 * the records that already had that code. Whether the create made a record is read from the returned id
 * against them, never from 200 versus 201 (the reference leaves their meaning open).
 */
export function summariseWrite(input: {
  operation: OperationId;
  pathId?: string;
  requestText: string | null;
  status: number | null;
  responseText: string | null;
  failure?: 'upstream_timeout' | 'upstream_unreachable';
  existingIds?: readonly string[];
}): WriteSummary {
  const targets: string[] = input.pathId ? [input.pathId] : [];
  const request = parseJson(input.requestText);
  const response = parseJson(input.responseText);
  const isBatch = Array.isArray(request) || input.operation.endsWith('/batch');
  const done = (
    result: WriteResult,
    outcome: string,
    extra: { failed?: string[]; unknown?: string[] } = {},
  ): WriteSummary => ({
    targetIds: cap(targets),
    result,
    outcome,
    failedIds: cap(extra.failed ?? []),
    unknownIds: cap(extra.unknown ?? []),
  });
  // Everything the request named is of unknown fate: a batch's items, a single write's path id.
  const allUnknown = (outcome: string) => {
    const keys = isBatch ? requestKeys(request) : [];
    targets.push(...keys);
    return done('unknown', outcome, { unknown: isBatch ? keys : targets });
  };

  if (input.status === null) {
    return allUnknown(
      input.failure === 'upstream_timeout' ? 'unknown: no answer in time' : 'unknown: upstream unreachable',
    );
  }
  if (input.status >= 500) {
    const code = errorCode(input.status, response);
    return allUnknown(code ? `unknown: ${code}` : `unknown: HTTP ${input.status}`);
  }
  if (input.status >= 400) {
    const code = errorCode(input.status, response);
    const keys = isBatch ? requestKeys(request) : [];
    targets.push(...keys);
    return done('refused', code ? `refused: ${code}` : `refused: HTTP ${input.status}`, { failed: keys });
  }
  if (input.status < 200 || input.status >= 300) return allUnknown(`unknown: HTTP ${input.status}`);

  if (isBatch) {
    if (!isRecord(response) || !Array.isArray(response.items)) return allUnknown('unknown: unreadable answer');
    const items = response.items;
    const requested = Array.isArray(request) ? request : [];
    const failed: string[] = [];
    const unknown: string[] = [];
    let applied = 0;
    // Results are matched to request items by position (`index`), the only key every batch result has.
    const answered = new Set<number>();
    for (const item of items) {
      const index = isRecord(item) && typeof item.index === 'number' ? item.index : -1;
      answered.add(index);
      const key = (isRecord(item) ? idText(item.id) : null) ?? requestKey(requested[index]);
      if (key) targets.push(key);
      const status = isRecord(item) ? item.status : undefined;
      if (typeof status === 'string' && APPLIED_ITEM_STATUSES.has(status)) applied++;
      else if (status === 'failed') {
        if (key) failed.push(key);
      } else if (key) unknown.push(key);
    }
    requested.forEach((item, index) => {
      if (answered.has(index)) return;
      const key = requestKey(item);
      if (!key) return;
      targets.push(key);
      unknown.push(key);
    });
    const missing = requested.length > items.length ? `, ${requested.length - items.length} unanswered` : '';
    const result: WriteResult = applied > 0 ? 'applied' : unknown.length > 0 || missing ? 'unknown' : 'refused';
    return done(result, countStatuses(items) + missing, { failed, unknown });
  }

  const id = isRecord(response) ? idText(response.id) : null;
  if (!id) return allUnknown('unknown: unreadable answer');
  targets.push(id);
  if (input.existingIds === undefined)
    return done('applied', input.operation.startsWith('POST ') ? 'created' : 'updated');
  return done(
    'applied',
    input.existingIds.includes(id) ? 'updated an existing record with the same ERP code' : 'created',
  );
}
