import { z } from 'zod';
import type { ErrorCode } from './errors';
import { charLength, INVALID, longId, text, withRefinementRule } from './fields';
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
  companyCode: text().nullish(),
};

export const quotaFlagFields = {
  enabled: z.boolean({ error: INVALID }).nullish(),
  memo: text().nullish(),
};

interface QuotaItemValue {
  companyId?: number | null;
  companyCode?: string | null;
  memo?: string | null;
}

export interface AmountRule<F extends string = string> {
  field: F;
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

/**
 * A quota item's write schema: the company key, the family's amount (named by its rule), enabled and the memo,
 * refined by the item's rules in report order.
 */
export function quotaWrite<F extends string>(rule: AmountRule<F>) {
  const amount = { [rule.field]: z.number({ error: INVALID }).nullish() } as Record<
    F,
    z.ZodOptional<z.ZodNullable<z.ZodNumber>>
  >;
  const errorsOf = (value: Record<string, unknown>) =>
    quotaItemErrors(value, value[rule.field] as number | null | undefined, rule);
  return withRefinementRule(
    z.object({ ...quotaItemFields, ...amount, ...quotaFlagFields }).superRefine((value, ctx) => {
      for (const e of errorsOf(value)) ctx.addIssue({ code: 'custom', path: [e.path], message: e.code });
    }),
    (value) => errorsOf(value).length === 0,
  );
}

/** A company's quota as the service answers it: the company, the family's amounts, enabled, the memo, when. */
export function quotaAnswer<A extends z.ZodRawShape>(amounts: A) {
  return z.object({
    companyId: z.number(),
    companyOuterSysCode: z.string().nullable(),
    ...amounts,
    enabled: z.boolean(),
    memo: z.string().nullable(),
    updatedAt: z.string().nullable(),
  });
}

export const quotaBatchItemResult = z.object({
  index: z.number(),
  companyCode: z.string(),
  status: z.enum(['ok', 'failed']),
  error: z.string().nullable(),
});
export type QuotaBatchItemResult = z.infer<typeof quotaBatchItemResult>;
