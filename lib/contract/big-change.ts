import type { ApprovalPolicy } from './approval-policy';

/**
 * A change an approver confirms once more before approving it (issue 61 point 5): more than twice a threshold of
 * the policy that needs approval for it. A credit limit raised by more than twice the percent (any raise from 0) or
 * by more than twice the amount; a point balance moved by more than twice its threshold. Judged on the proposal's
 * own old → new, as the approver reads it on the card.
 */
export function isBigChange(
  policy: ApprovalPolicy,
  family: 'credit' | 'point',
  before: number,
  after: number,
): boolean {
  if (family === 'point') {
    const limit = policy.point.balanceChange;
    return limit !== null && Math.abs(after - before) > 2 * limit;
  }
  const increase = after - before;
  if (increase <= 0) return false;
  const { increasePercent, increaseAmount } = policy.credit;
  const overPercent = increasePercent !== null && (before <= 0 || increase * 100 > 2 * increasePercent * before);
  const overAmount = increaseAmount !== null && increase > 2 * increaseAmount;
  return overPercent || overAmount;
}
