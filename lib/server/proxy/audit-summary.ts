import 'server-only';
import type { OperationId } from '@/lib/contract/operations';

/** What the audit log keeps about one write, besides who and when. */
export interface WriteSummary {
  targetIds: string[];
  outcome: string;
}

/** The audit row keeps at most this many target ids; a batch holds at most 1,000 items anyway. */
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

/** The code an error body carries, whichever of the three documented shapes it has. */
function errorCode(body: unknown): string | null {
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

/** Ids a quota batch names: its results carry none, so they come from the request items. */
function requestKeys(requestBody: unknown): string[] {
  if (!Array.isArray(requestBody)) return [];
  const out: string[] = [];
  for (const item of requestBody) {
    if (!isRecord(item)) continue;
    const key = idText(item.companyId) ?? (typeof item.companyCode === 'string' && item.companyCode ? `code:${item.companyCode}` : null);
    if (key) out.push(key);
  }
  return out;
}

/**
 * Who-did-what for the audit log, read from the operation, its path id, the request body and the answer.
 * `status` is the upstream's HTTP status, or null when no answer came (timeout, unreachable).
 */
export function summariseWrite(input: {
  operation: OperationId;
  pathId?: string;
  requestText: string | null;
  status: number | null;
  responseText: string | null;
  failure?: 'upstream_timeout' | 'upstream_unreachable';
}): WriteSummary {
  const targets = new Set<string>();
  if (input.pathId) targets.add(input.pathId);
  const request = parseJson(input.requestText);
  const response = parseJson(input.responseText);
  const isQuotaBatch = input.operation.endsWith('-quota/batch');

  let outcome: string;
  if (input.status === null) {
    outcome =
      input.failure === 'upstream_timeout'
        ? 'no answer in time; the write may or may not have been applied'
        : 'upstream unreachable; the write may or may not have been applied';
    if (isQuotaBatch) requestKeys(request).forEach((k) => targets.add(k));
  } else if (input.status >= 200 && input.status < 300) {
    if (isRecord(response) && Array.isArray(response.items)) {
      outcome = countStatuses(response.items);
      if (isQuotaBatch) requestKeys(request).forEach((k) => targets.add(k));
      else {
        for (const item of response.items) {
          const id = isRecord(item) ? idText(item.id) : null;
          if (id) targets.add(id);
        }
      }
    } else {
      const id = isRecord(response) ? idText(response.id) : null;
      if (id) targets.add(id);
      outcome = input.status === 201 ? 'created' : 'updated';
    }
  } else {
    const code = errorCode(response);
    outcome = code ? `failed: ${code}` : 'failed';
    if (isQuotaBatch) requestKeys(request).forEach((k) => targets.add(k));
  }

  return { targetIds: [...targets].slice(0, MAX_AUDIT_TARGETS), outcome };
}
