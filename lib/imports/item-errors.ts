import { errorField } from '@/lib/contract/errors';
import { NUMBER_RULES, RANGE_CODES } from '@/lib/contract/expectations';
import type { RejectionError } from '@/lib/contract/console/rejection-types';
import type { HistoryValue } from '@/lib/contract/history';
import { cellText } from './cell-text';
import { FAMILY_COLUMNS, type FamilyName } from './family-columns';
import { valueSentence } from './value-issue';

/**
 * What each error of an item the service refused is about (issue 62 point 1): the field, the value the ERP sent
 * in it (as sent: -50, never "(empty)"), and what the field takes in the contract's words (`valueIssues.<expect>`:
 * "Name has 412 characters; at most 100"). /v1 answers an item's errors as bare codes (master-data-api.md
 * "Errors"), and `invalid_price` names no field of its own: the field is the one whose value breaks the contract's
 * rule. Every code of the answer gives at least one error; none is dropped. Pure, for the relay's record, the
 * rejections page and report, and the fix grid.
 */
export type ItemError = RejectionError;

const recordOf = (item: unknown): Record<string, unknown> =>
  item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : {};

const sent = (record: Record<string, unknown>, field: string) => record[field] !== undefined && record[field] !== null;

/** Whether a number field's value breaks its range (or is no number at all). */
function outOfRange(field: string, value: unknown): boolean {
  const rule = NUMBER_RULES[field];
  if (typeof value !== 'number' || !Number.isFinite(value)) return true;
  return !rule || value < (rule.min ?? -Infinity) || value > (rule.max ?? Infinity);
}

/** "Not found" codes are about the field that identifies the record (the family's key: id, skuId, companyCode). */
const NOT_FOUND = /^(not_found|company_not_found|sku_not_found|(company|product|sku|bundle) not found)$/;

/** The fields one code is about, in this item. */
function fieldsOf(family: FamilyName, code: string, record: Record<string, unknown>): (string | null)[] {
  const range = RANGE_CODES[code];
  if (range) {
    const present = range.filter((f) => sent(record, f));
    const broken = present.filter((f) => outOfRange(f, record[f]));
    return broken.length ? broken : present.length ? present : [range[0]!];
  }
  const own = errorField(code);
  if (own) return [own];
  if (NOT_FOUND.test(code)) {
    const key = FAMILY_COLUMNS[family].key.flat().find((f) => sent(record, f));
    return [key ?? null];
  }
  return [null];
}

/** The item's errors, one per code and field, in the order the answer gave the codes. */
export function itemErrors(family: FamilyName, item: unknown, codes: readonly string[]): ItemError[] {
  const record = recordOf(item);
  const kinds = new Map(FAMILY_COLUMNS[family].fields.map((f) => [f.name, f.kind]));
  const out: ItemError[] = [];
  for (const code of codes)
    for (const field of fieldsOf(family, code, record)) {
      if (out.some((e) => e.code === code && e.field === field)) continue;
      const value = field && sent(record, field) ? (record[field] as HistoryValue) : null;
      const kind = field ? kinds.get(field) : undefined;
      const sentence =
        field && value !== null ? valueSentence(code, field, family, kind, cellText(value, kind ?? 'text')) : null;
      out.push({ code, field, value, ...(sentence ? { expect: sentence.expect, params: sentence.params } : {}) });
    }
  return out;
}
