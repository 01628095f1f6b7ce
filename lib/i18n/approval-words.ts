import type { ApprovalPolicy, ApprovalRule } from '@/lib/contract/approval-policy';
import { formatNtd } from './money';

/** The sentence translator of the `approvals` namespace, as both next-intl's client and server ones are. */
type RuleT = (key: `rules.${ApprovalRule}`, values: Record<string, string>) => string;

/** A policy rule in words, with the threshold it names (the approver and the proposer read the same sentence). */
export function ruleWords(t: RuleT, locale: string, policy: ApprovalPolicy, rule: ApprovalRule): string {
  const figure = (n: number | null) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(n ?? 0);
  return t(`rules.${rule}`, {
    percent: figure(policy.credit.increasePercent),
    amount: formatNtd(locale, policy.credit.increaseAmount ?? 0),
    points: figure(policy.point.balanceChange),
  });
}
