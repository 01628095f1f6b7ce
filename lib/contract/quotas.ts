import { z } from 'zod';
import type { ErrorCode } from './errors';
import { charLength, INVALID, longId } from './fields';
import { QUOTA_MEMO_MAX } from './values';
export { QUOTA_MEMO_MAX };

/**
 * What point quota (./point-quota) and credit quota (./credit-quota) items share: the company key (companyId
 * wins; an empty code is no key), enabled, the memo, and the result shape. Quota items report one error,
 * in this order: a wrong JSON type, the amount's rules, the memo, the key; then the service's company
 * lookup (company_not_found, company_code_ambiguous). Amounts are absolute, stored rounded to 4 decimals.
 */

export const quotaItemFields = {
  companyId: longId.nullish(),
  companyCode: z.string({ error: INVALID }).nullish(),
};

export const quotaFlagFields = {
  enabled: z.boolean({ error: INVALID }).nullish(),
  memo: z.string({ error: INVALID }).nullish(),
};

interface QuotaItemValue {
  companyId?: number | null;
  companyCode?: string | null;
  memo?: string | null;
}

export interface AmountRule {
  field: string;
  /** Code when the amount is absent: it is never "keep current" and never read as 0. */
  missing: ErrorCode;
  /** Code when it is out of range. */
  invalid: ErrorCode;
  valid: (value: number) => boolean;
}

/** The codes of one quota item's rules, in report order (the service answers the first). */
export function quotaItemErrors(
  value: QuotaItemValue,
  amount: number | null | undefined,
  rule: AmountRule,
): { path: string; code: ErrorCode }[] {
  const errors: { path: string; code: ErrorCode }[] = [];
  if (amount == null) errors.push({ path: rule.field, code: rule.missing });
  else if (!rule.valid(amount)) errors.push({ path: rule.field, code: rule.invalid });
  if (value.memo != null && charLength(value.memo) > QUOTA_MEMO_MAX)
    errors.push({ path: 'memo', code: 'invalid_memo' });
  if (value.companyId == null && (value.companyCode ?? '').trim() === '')
    errors.push({ path: 'companyCode', code: 'missing_key' });
  return errors;
}

export const quotaBatchItemResult = z.object({
  index: z.number(),
  companyCode: z.string(),
  status: z.enum(['ok', 'failed']),
  error: z.string().nullable(),
});
export type QuotaBatchItemResult = z.infer<typeof quotaBatchItemResult>;
