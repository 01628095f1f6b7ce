import { SKU_ROW_RULES, type RowRule, type RowValue } from '@/lib/contract/attention/row-rules';
import type { RowIssue } from '@/lib/contract/console/import-files';
import type { FamilyName } from './family-columns';

/**
 * The "Needs attention" rules run on the rows an import would write (issue 54 point 3): a row that would open a
 * finding gets a warning naming the rule (it is still sent). SKU files and price files write SKUs; the other
 * families' rules need records the file does not hold.
 */
/** A warning of the check: the row would open a "Needs attention" finding (`params.rule`: the rule's id). */
export const NEEDS_ATTENTION = 'needs_attention';

const RULES: Partial<Record<FamilyName, readonly RowRule[]>> = { skus: SKU_ROW_RULES, prices: SKU_ROW_RULES };

export type AttentionCheck = (value: RowValue) => RowIssue[] | null;

/** The check for a file of `family` whose columns fill `fields`; null when no rule can open from them. */
export function attentionCheck(family: FamilyName, fields: readonly string[]): AttentionCheck | null {
  const rules = (RULES[family] ?? []).filter((rule) => rule.fields.some((f) => fields.includes(f)));
  if (rules.length === 0) return null;
  return (value) => {
    let found: RowIssue[] | null = null;
    for (const rule of rules)
      if (rule.opens(value)) (found ??= []).push({ code: NEEDS_ATTENTION, params: { rule: rule.id } });
    return found;
  };
}
