import { z } from 'zod';
import { fitsNumeric, round4 } from './fields';
import { quotaAnswer, quotaBatchItemResult, quotaWrite, type AmountRule } from './quotas';
import { POINT_QUOTA_OPERATIONS } from './operations';
export { POINT_QUOTA_OPERATIONS };

/**
 * Point quota (master-data-api.md Operation 13): a company's point balance. `enabled` is reported only.
 * The balance is required, rounded half away from zero to 4 decimals, then 0 or more and within
 * numeric(20,4). Shared item rules (key, memo, order) are in ./quotas.
 */

export const POINT_BALANCE_RULE: AmountRule<'balance'> = {
  field: 'balance',
  missing: 'missing_balance',
  invalid: 'invalid_balance',
  valid: (value) => {
    const rounded = round4(value);
    return rounded >= 0 && fitsNumeric(rounded);
  },
};

export const pointQuotaWrite = quotaWrite(POINT_BALANCE_RULE);
export type PointQuotaWrite = z.infer<typeof pointQuotaWrite>;

export const pointQuota = quotaAnswer({ balance: z.number() });
export type PointQuota = z.infer<typeof pointQuota>;

export const pointQuotaBatchItemResult = quotaBatchItemResult;
