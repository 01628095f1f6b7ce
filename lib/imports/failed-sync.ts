import { APPLIED_ITEM_STATUSES } from '@/lib/contract/batch-statuses';
import type { RowIssue } from './check';
import type { FamilyColumns } from './family-columns';
import { cellText } from './cell-text';
import { itemErrors } from './item-errors';
export { cellText, formatComponents } from './cell-text';

/**
 * "Open a failed sync": the JSON body of a /v1 batch request as the ERP's integration log kept it, and
 * optionally the service's `{ items }` answer. The answer is matched to the body by `index` (never by code:
 * codes repeat, and quota batches may use ids only). With an answer, the items that failed are shown, and
 * so are items the answer says nothing about (their outcome is unknown); without one, every item is.
 * Each item becomes a row of cells in the family's columns, so it goes through the same check, grid and
 * import job as a CSV row.
 */

export type SyncError =
  'sync_body_invalid' | 'sync_body_not_array' | 'sync_body_empty' | 'sync_body_too_large' | 'sync_answer_invalid';

export interface SyncRow {
  /** The item's index in the body (0-based, as in the answer). */
  index: number;
  cells: string[];
  errors: RowIssue[];
}

export interface SyncRead {
  /** The family's field names present in the body, in the family's order: the grid's columns. */
  headers: string[];
  rows: SyncRow[];
  /** Items in the body. */
  total: number;
  /** Fields of the body that the family does not write (left out). */
  ignoredFields: string[];
  /** Answer items whose index is not in the body. */
  strayAnswers: number;
}

export const SYNC_MAX_ITEMS = 10_000;

/** An item's errors as the grid's issues: each beside its field, with the contract's words for the value sent. */
const issuesOf = (family: FamilyColumns, item: unknown, codes: readonly string[]): RowIssue[] =>
  itemErrors(family.name, item, codes).map(({ code, field, expect, params }) => ({
    code,
    ...(field ? { field } : {}),
    ...(expect ? { params: { ...params, expect } } : {}),
  }));

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function readFailedSync(
  family: FamilyColumns,
  bodyText: string,
  answerText = '',
): SyncRead | { error: SyncError } {
  const body = parse(bodyText);
  if (!body.ok) return { error: 'sync_body_invalid' };
  if (!Array.isArray(body.value)) return { error: 'sync_body_not_array' };
  const items = body.value as unknown[];
  if (items.length === 0) return { error: 'sync_body_empty' };
  if (items.length > SYNC_MAX_ITEMS) return { error: 'sync_body_too_large' };

  let outcomes: Map<number, { status: string; codes: string[] }> | null = null;
  let strayAnswers = 0;
  if (answerText.trim() !== '') {
    const answer = parse(answerText);
    const list = answer.ok ? (answer.value as { items?: unknown } | null)?.items : undefined;
    if (!answer.ok || !Array.isArray(list)) return { error: 'sync_answer_invalid' };
    outcomes = new Map();
    for (const raw of list as { index?: unknown; status?: unknown; errors?: unknown; error?: unknown }[]) {
      const index = raw?.index;
      if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= items.length) {
        strayAnswers++;
        continue;
      }
      const codes = Array.isArray(raw.errors)
        ? raw.errors.filter((e): e is string => typeof e === 'string')
        : typeof raw.error === 'string'
          ? [raw.error]
          : [];
      outcomes.set(index, { status: typeof raw.status === 'string' ? raw.status : 'unknown', codes });
    }
  }

  const failed: StoredItem[] = [];
  items.forEach((item, index) => {
    let codes: string[] = [];
    if (outcomes) {
      const outcome = outcomes.get(index);
      if (outcome && APPLIED_ITEM_STATUSES.has(outcome.status)) return;
      codes = outcome?.codes.length ? outcome.codes : ['outcome_unknown'];
    }
    failed.push({ index, item, codes });
  });
  return { ...syncReadOf(family, failed, items), total: items.length, strayAnswers };
}

/** An item as the ERP sent it, with the error codes its answer gave (none: not answered, no errors shown). */
export interface StoredItem {
  index: number;
  item: unknown;
  codes: readonly string[];
}

/**
 * The grid's rows for items as the ERP sent them: the family's fields present in `all` (default: the items
 * themselves) are the columns, in the family's order; fields the family does not write are listed apart.
 * Shared by a pasted body and the rejections the relay or an uploaded log stored.
 */
export function syncReadOf(
  family: FamilyColumns,
  items: readonly StoredItem[],
  all: readonly unknown[] = items.map((i) => i.item),
): SyncRead {
  const known = new Map(family.fields.map((f) => [f.name, f]));
  const present = new Set<string>();
  const ignored = new Set<string>();
  for (const item of all) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) continue;
    for (const key of Object.keys(item)) (known.has(key) ? present : ignored).add(key);
  }
  const headers = family.fields.map((f) => f.name).filter((name) => present.has(name));
  const rows: SyncRow[] = items.map(({ index, item, codes }) => {
    const record =
      item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : {};
    return {
      index,
      cells: headers.map((h) => cellText(record[h], known.get(h)!.kind)),
      errors: issuesOf(family, item, codes),
    };
  });
  return { headers, rows, total: items.length, ignoredFields: [...ignored].sort(), strayAnswers: 0 };
}
