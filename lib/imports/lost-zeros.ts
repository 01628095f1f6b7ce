import type { RowIssue } from './check';
import type { Comparison, LiveRecord } from './compare';
import { restoreLeadingZeros } from './excel-damage';
import type { Item } from './families';
import { codeScope } from './target-key';

/**
 * ERP codes whose leading zeros Excel dropped (issue 31): a CSV opened and saved in Excel turns 00123 into 123.
 * Found by "Compare with live data", since only the live codes tell 123 from a damaged 00123:
 * - the row names a record by id whose code is the row's code with zeros before it: sent, the record's code
 *   would lose its zeros;
 * - the row names no id, its code matches nothing, and exactly one live code is it with zeros restored: sent,
 *   it would create a second record beside the one meant;
 * - two or more live codes read that way, or the code matches a record while one with zeros also exists: the
 *   file cannot tell which was meant.
 * Each such row would fail; the first two can be fixed for every such row at once with the restored code.
 */

export const EXCEL_LEADING_ZEROS = 'excel_leading_zeros';
export const EXCEL_LEADING_ZEROS_AMBIGUOUS = 'excel_leading_zeros_ambiguous';

/** Families whose rows are matched by an ERP code of their own (a SKU's within its product). */
type CodeFamily = 'companies' | 'products' | 'skus' | 'bundles';
const CODE_FAMILIES: ReadonlySet<string> = new Set<CodeFamily>(['companies', 'products', 'skus', 'bundles']);

const DIGITS = /^\d+$/;

/** The live codes that start with a zero, by their scope and their digits without the zeros. */
export type PaddedCodes = Map<string, string[]>;

export function paddedCodes(family: string, records: readonly LiveRecord[]): PaddedCodes {
  const index: PaddedCodes = new Map();
  if (!CODE_FAMILIES.has(family)) return index;
  for (const record of records) {
    const code = record.outerSysCode;
    if (typeof code !== 'string' || !code.startsWith('0') || !DIGITS.test(code)) continue;
    const key = codeScope(family, record.productId) + code.replace(/^0+/, '');
    index.set(key, [...(index.get(key) ?? []), code]);
  }
  return index;
}

export interface LostZeros {
  issue: RowIssue;
  /** The code with its zeros, when exactly one live code reads that way. */
  restored: string | null;
}

const found = (value: string, code: string): LostZeros => ({
  issue: { code: EXCEL_LEADING_ZEROS, field: 'outerSysCode', params: { value, code } },
  restored: code,
});
const ambiguous = (value: string, codes: readonly string[]): LostZeros => ({
  issue: { code: EXCEL_LEADING_ZEROS_AMBIGUOUS, field: 'outerSysCode', params: { value, codes: codes.join(', ') } },
  restored: null,
});

/** Whether a compared row's ERP code looks like a live code without its leading zeros (see above). */
export function lostLeadingZeros(
  family: string,
  item: Item,
  comparison: Comparison,
  padded: PaddedCodes,
): LostZeros | null {
  const code = item.outerSysCode;
  if (!CODE_FAMILIES.has(family) || typeof code !== 'string' || !DIGITS.test(code)) return null;
  const candidates = padded.get(codeScope(family, item.productId) + code.replace(/^0+/, '')) ?? [];
  if (comparison.kind === 'update' && !comparison.byCode) {
    const change = comparison.changes.find((c) => c.field === 'outerSysCode');
    const old = typeof change?.old === 'string' ? change.old : null;
    return old !== null && restoreLeadingZeros(code, [old]).kind === 'one' ? found(code, old) : null;
  }
  if ((comparison.kind === 'update' || comparison.kind === 'same') && comparison.byCode) {
    const others = candidates.filter((c) => c !== code);
    return others.length ? ambiguous(code, [code, ...others]) : null;
  }
  if (comparison.kind !== 'create') return null;
  const restored = restoreLeadingZeros(code, candidates);
  if (restored.kind === 'one') return found(code, restored.code);
  return restored.kind === 'ambiguous' ? ambiguous(code, restored.codes) : null;
}

/** The rows' cells with each restorable code put back in the ERP code column (`column`), other rows as they were. */
export function withRestoredCodes<R extends { cells: readonly string[] }>(
  rows: readonly R[],
  column: number,
  restored: ReadonlyMap<number, string>,
): R[] {
  return rows.map((row, r) => {
    const code = restored.get(r);
    if (code === undefined) return row;
    const cells = [...row.cells];
    cells[column] = code;
    return { ...row, cells };
  });
}
