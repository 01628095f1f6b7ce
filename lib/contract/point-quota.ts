import { z } from 'zod';
import { fitsNumeric, INVALID, round4, withRefinementRule } from './fields';
import { quotaBatchItemResult, quotaFlagFields, quotaItemErrors, quotaItemFields, type AmountRule } from './quotas';
import { POINT_QUOTA_OPERATIONS } from './operations';
export { POINT_QUOTA_OPERATIONS };

/**
 * Point quota (master-data-api.md Operation 13): a company's point balance. `enabled` is reported only.
 * The balance is required, rounded half away from zero to 4 decimals, then 0 or more and within
 * numeric(20,4). Shared item rules (key, memo, order) are in ./quotas.
 */

export const POINT_BALANCE_RULE: AmountRule = {
  field: 'balance',
  missing: 'missing_balance',
  invalid: 'invalid_balance',
  valid: (value) => {
    const rounded = round4(value);
    return rounded >= 0 && fitsNumeric(rounded);
  },
};

export const pointQuotaWrite = withRefinementRule(
  z
    .object({ ...quotaItemFields, balance: z.number({ error: INVALID }).nullish(), ...quotaFlagFields })
    .superRefine((value, ctx) => {
      for (const e of quotaItemErrors(value, value.balance, POINT_BALANCE_RULE))
        ctx.addIssue({ code: 'custom', path: [e.path], message: e.code });
    }),
  (value) => quotaItemErrors(value, value.balance as number | null | undefined, POINT_BALANCE_RULE).length === 0,
);
export type PointQuotaWrite = z.infer<typeof pointQuotaWrite>;

export const pointQuota = z.object({
  companyId: z.number(),
  companyOuterSysCode: z.string().nullable(),
  balance: z.number(),
  enabled: z.boolean(),
  memo: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type PointQuota = z.infer<typeof pointQuota>;

export const pointQuotaBatchItemResult = quotaBatchItemResult;
