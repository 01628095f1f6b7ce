import { z } from 'zod';
import { quotaAnswer, quotaBatchItemResult, quotaWrite, type AmountRule } from './quotas';
import { CREDIT_QUOTA_OPERATIONS } from './operations';
import { CREDIT_AMOUNT_MAX } from './values';
export { CREDIT_QUOTA_OPERATIONS };

/**
 * Contract credit quota (master-data-api.md Operation 14): a company's credit limit; `enabled` switches the
 * control on or off. The amount is required and 0 to CREDIT_AMOUNT_MAX as sent, then stored rounded to 4
 * decimals. pendingAmount belongs to the ordering flow (contract §4): never written here. availableAmount
 * (credit − pending) is never clamped. Shared item rules (key, memo, order) are in ./quotas.
 */

export { CREDIT_AMOUNT_MAX };

export const CREDIT_AMOUNT_RULE: AmountRule<'creditAmount'> = {
  field: 'creditAmount',
  missing: 'missing_credit_amount',
  invalid: 'invalid_credit_amount',
  valid: (value) => Number.isFinite(value) && value >= 0 && value <= CREDIT_AMOUNT_MAX,
};

export const creditQuotaWrite = quotaWrite(CREDIT_AMOUNT_RULE);
export type CreditQuotaWrite = z.infer<typeof creditQuotaWrite>;

export const creditQuota = quotaAnswer({
  creditAmount: z.number(),
  pendingAmount: z.number(),
  availableAmount: z.number(),
});
export type CreditQuota = z.infer<typeof creditQuota>;

export const creditQuotaBatchItemResult = quotaBatchItemResult;
