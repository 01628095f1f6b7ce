import type { ApprovalPolicy, ApprovalRule } from '@/lib/contract/approval-policy';
import type { QuotaWindowView } from '@/lib/contract/approval-window';
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

/** The window's sentence translator (`approvals.window.change`), client or server. */
type WindowT = (key: 'window.change', values: Record<string, string>) => string;

/**
 * A change with the earlier steps of the policy's window that count with it: "+15% now, +52% since 3 Dec 2026".
 * Credit in percent (in NT$ from a limit of 0: no percent of nothing), points in points.
 */
export function windowChangeWords(
  t: WindowT,
  locale: string,
  family: 'credit' | 'point',
  window: Pick<QuotaWindowView, 'base' | 'since'>,
  before: number,
  after: number,
  /** The day the steps began, in the pages' date format (`format.dateTime(d, 'date')`). */
  day: (iso: string) => string,
): string {
  const signed = { signDisplay: 'always', maximumFractionDigits: 1 } as const;
  const change = (from: number) =>
    family === 'point'
      ? new Intl.NumberFormat(locale, { ...signed, maximumFractionDigits: 2 }).format(after - from)
      : from > 0
        ? new Intl.NumberFormat(locale, { ...signed, style: 'percent' }).format((after - from) / from)
        : `${after >= from ? '+' : ''}${formatNtd(locale, after - from)}`;
  return t('window.change', {
    now: change(before),
    total: change(window.base),
    since: day(window.since),
  });
}
