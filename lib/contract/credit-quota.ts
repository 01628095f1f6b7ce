import { z } from 'zod';
import { INVALID, withRefinementRule } from './fields';
import { quotaBatchItemResult, quotaFlagFields, quotaItemErrors, quotaItemFields, type AmountRule } from './quotas';
import { CREDIT_QUOTA_OPERATIONS } from './operations';
export { CREDIT_QUOTA_OPERATIONS };

/**
 * Contract credit quota (master-data-api.md Operation 14): a company's credit limit; `enabled` switches the
 * control on or off. The amount is required and 0 to CREDIT_AMOUNT_MAX as sent, then stored rounded to 4
 * decimals. pendingAmount belongs to the ordering flow (contract §4): never written here. availableAmount
 * (credit − pending) is never clamped. Shared item rules (key, memo, order) are in ./quotas.
 */

export const CREDIT_AMOUNT_MAX = 99_999_999_999_999.9999;

export const CREDIT_AMOUNT_RULE: AmountRule = {
  field: 'creditAmount',
  missing: 'missing_credit_amount',
  invalid: 'invalid_credit_amount',
  valid: (value) => Number.isFinite(value) && value >= 0 && value <= CREDIT_AMOUNT_MAX,
};

export const creditQuotaWrite = withRefinementRule(
  z
    .object({ ...quotaItemFields, creditAmount: z.number({ error: INVALID }).nullish(), ...quotaFlagFields })
    .superRefine((value, ctx) => {
      for (const e of quotaItemErrors(value, value.creditAmount, CREDIT_AMOUNT_RULE))
        ctx.addIssue({ code: 'custom', path: [e.path], message: e.code });
    }),
  (value) => quotaItemErrors(value, value.creditAmount as number | null | undefined, CREDIT_AMOUNT_RULE).length === 0,
);
export type CreditQuotaWrite = z.infer<typeof creditQuotaWrite>;

export const creditQuota = z.object({
  companyId: z.number(),
  companyOuterSysCode: z.string().nullable(),
  creditAmount: z.number(),
  pendingAmount: z.number(),
  availableAmount: z.number(),
  enabled: z.boolean(),
  memo: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type CreditQuota = z.infer<typeof creditQuota>;

export const creditQuotaBatchItemResult = quotaBatchItemResult;
