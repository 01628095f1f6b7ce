import 'server-only';
import type { Kysely } from 'kysely';
import {
  creditRulesTripped,
  pointRulesTripped,
  type ApprovalPolicy,
  type ApprovalRule,
  type WindowRange,
} from '@/lib/contract/approval-policy';
import { windowView, type QuotaWindowView } from '@/lib/contract/approval-window';
import { quotaFamilyOf, type QuotaTab, type QuotaValues } from '@/lib/contract/console/quotas';
import type { ConsoleDatabase } from '../db';
import { readQuotaWindows, type WindowCompany } from './window';

/**
 * One judge for every path (the dialog, bulk edit, imports, reverts, the proxy): the policy's rules applied to a
 * change together with the earlier steps of its window, read from History in one go for all the companies at hand.
 */

/** The rules a change trips; with `window`, measured over the policy's window rather than alone. */
export function rulesFor(
  policy: ApprovalPolicy,
  tab: QuotaTab,
  code: string | null,
  old: QuotaValues,
  next: QuotaValues,
  window?: WindowRange,
): ApprovalRule[] {
  return tab === 'credit'
    ? creditRulesTripped(
        policy,
        code,
        { creditAmount: old.amount, enabled: old.enabled },
        { creditAmount: next.amount, enabled: next.enabled },
        window,
      )
    : pointRulesTripped(policy, old.amount, next.amount, window);
}

export interface Verdict {
  rules: ApprovalRule[];
  /** The earlier steps that make up the change, when the window adds any. */
  window: QuotaWindowView | null;
}

export type Judge = (change: { companyId: number; code: string | null; old: QuotaValues; new: QuotaValues }) => Verdict;

/** A judge for these companies' changes: their windows read once, each change judged with its own. */
export async function judgeFor(
  db: Kysely<ConsoleDatabase>,
  input: { tenant: string; tab: QuotaTab; policy: ApprovalPolicy; companies: readonly WindowCompany[] },
): Promise<Judge> {
  const family = quotaFamilyOf(input.tab);
  const windowOf = await readQuotaWindows(db, { ...input, family });
  return (change) => {
    const window = windowOf(change.companyId, change.old.amount);
    return {
      rules: rulesFor(input.policy, input.tab, change.code, change.old, change.new, window),
      window: windowView(window, change.old.amount, change.new.amount),
    };
  };
}
