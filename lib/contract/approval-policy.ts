import { z } from 'zod';

/**
 * The approval policy for money (issue "Four eyes on money"): which credit and point quota changes need a second
 * person. Written once here and read by the quota edit, bulk edit, imports and the proxy, so no path decides
 * differently. Decreases of a credit limit and turning credit control on never need approval, except for a
 * company on the policy's list, where every change does (the list is the stricter rule an admin chose by name).
 * Thresholds are "over": a change exactly at a threshold applies at once. They hold over a window of days
 * (./approval-window.ts): a raise is measured from the lowest value the console's own changes left in the window,
 * so a raise split into steps trips the rule the whole raise would.
 */

export const APPROVAL_RULES = [
  'credit_increase_percent',
  'credit_increase_amount',
  'credit_control_off',
  'credit_listed_company',
  'point_balance_change',
] as const;
export type ApprovalRule = (typeof APPROVAL_RULES)[number];

const threshold = z.number().finite().positive().nullable();

/** The days the thresholds look back over (the policy's window): the one source of the form's and the schema's bounds. */
export const APPROVAL_WINDOW_DAYS = { min: 1, max: 365, default: 30 } as const;

export const approvalPolicy = z.object({
  credit: z.object({
    /** An increase of the limit by more than this percent of the current limit (an increase from 0 is always over). */
    increasePercent: threshold,
    /** An increase of the limit by more than this many NT$. */
    increaseAmount: threshold,
    /** Turning credit control off. */
    controlOff: z.boolean(),
    /** Companies (by code) for which every credit change needs approval. */
    companyCodes: z.array(z.string().trim().min(1)).max(10_000),
  }),
  point: z.object({
    /** A point balance change (up or down) of more than this many points. */
    balanceChange: threshold,
  }),
  /** Days after which an undecided proposal expires. */
  expiryDays: z.number().int().min(1).max(90),
  /**
   * Days the thresholds look back over: earlier console changes in them count with the new one. A version saved
   * before the window existed reads as the default.
   */
  windowDays: z
    .number()
    .int()
    .min(APPROVAL_WINDOW_DAYS.min)
    .max(APPROVAL_WINDOW_DAYS.max)
    .default(APPROVAL_WINDOW_DAYS.default),
});
export type ApprovalPolicy = z.infer<typeof approvalPolicy>;

/** What nobody configured: nothing needs approval (outside demo mode an admin sets the policy in Settings). */
export const NO_APPROVAL_POLICY: ApprovalPolicy = {
  credit: { increasePercent: null, increaseAmount: null, controlOff: false, companyCodes: [] },
  point: { balanceChange: null },
  expiryDays: 7,
  windowDays: APPROVAL_WINDOW_DAYS.default,
};

/** The embedded demo's policy, so the flow can be seen and tested. */
export const DEMO_APPROVAL_POLICY: ApprovalPolicy = {
  credit: { increasePercent: 20, increaseAmount: 100_000, controlOff: true, companyCodes: [] },
  point: { balanceChange: 10_000 },
  expiryDays: 7,
  windowDays: APPROVAL_WINDOW_DAYS.default,
};

/**
 * a > b beyond binary rounding: amounts carry 4 decimals, so 100,000.1 − 0.1 is not exactly 100,000 in a double,
 * and a change exactly at a threshold must not be caught by the rounding of its subtraction.
 */
function over(a: number, b: number): boolean {
  return a - b > 1e-9 * Math.max(1, Math.abs(b));
}

export interface CreditValue {
  creditAmount: number;
  enabled: boolean;
}

/** What the policy's window adds to one change: the lowest and highest the value stood at in it (./approval-window.ts). */
export interface WindowRange {
  lowest: number;
  highest: number;
}

/**
 * The rules a credit quota change trips, in the order a reviewer reads them; empty when it applies at once.
 * `before` is the live value as the console read it (a company never given a quota reads as 0, control off).
 * A field absent from `after` is unchanged. With `window`, a raise is measured from the lowest limit of the window
 * (never above `before`): earlier raises in it count with this one.
 */
export function creditRulesTripped(
  policy: ApprovalPolicy,
  companyCode: string | null,
  before: CreditValue,
  after: Partial<CreditValue>,
  window?: WindowRange,
): ApprovalRule[] {
  const amount = after.creditAmount ?? before.creditAmount;
  const enabled = after.enabled ?? before.enabled;
  const amountChanged = amount !== before.creditAmount;
  const changed = amountChanged || enabled !== before.enabled;
  if (!changed) return [];
  const rules: ApprovalRule[] = [];
  const listed = companyCode !== null && policy.credit.companyCodes.includes(companyCode.trim());
  if (listed) rules.push('credit_listed_company');
  if (amount > before.creditAmount) {
    const base = window ? Math.min(window.lowest, before.creditAmount) : before.creditAmount;
    const increase = amount - base;
    const { increasePercent, increaseAmount } = policy.credit;
    const overPercent = increasePercent !== null && (base <= 0 || over(increase * 100, increasePercent * base));
    if (overPercent) rules.push('credit_increase_percent');
    if (increaseAmount !== null && over(increase, increaseAmount)) rules.push('credit_increase_amount');
  }
  if (policy.credit.controlOff && before.enabled && !enabled) rules.push('credit_control_off');
  return rules;
}

/**
 * The rules a point balance change trips; empty when it applies at once. With `window`, a rise is measured from the
 * lowest balance of the window and a cut from the highest, as a credit raise is.
 */
export function pointRulesTripped(
  policy: ApprovalPolicy,
  before: number,
  after: number,
  window?: WindowRange,
): ApprovalRule[] {
  const limit = policy.point.balanceChange;
  if (limit === null || after === before) return [];
  const change =
    after > before
      ? after - Math.min(window?.lowest ?? before, before)
      : Math.max(window?.highest ?? before, before) - after;
  return over(change, limit) ? ['point_balance_change'] : [];
}

/** The change in percent a reviewer sees beside old → new (null from 0: no percent of nothing). */
export function changePercent(before: number, after: number): number | null {
  return before === 0 ? null : ((after - before) / Math.abs(before)) * 100;
}
