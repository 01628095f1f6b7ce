'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { ApprovalPolicy } from '@/lib/contract/approval-policy';
import { changePercent } from '@/lib/contract/approval-policy';
import type { ProposalView } from '@/lib/contract/console/approvals';
import { formatNtd } from '@/lib/i18n/money';
import { useProposalWords } from './proposal-words';

/**
 * Approving a change over twice the policy's threshold asks once more (issue 61 point 5): a modal naming each such
 * company and its amounts, Cancel focused so a stray Enter approves nothing.
 */
export function BigApprovalDialog({
  proposals,
  policy,
  pending,
  onCancel,
  onConfirm,
}: {
  /** The large ones among those being approved; the dialog is open while there are any. */
  proposals: readonly ProposalView[];
  policy: ApprovalPolicy;
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const t = useTranslations('approvalDecisions.big');
  const locale = useLocale();
  const format = useFormatter();
  const { label, figure, percentText } = useProposalWords();
  const thresholds = (family: ProposalView['family']) =>
    family === 'point'
      ? [format.number(policy.point.balanceChange ?? 0)]
      : [
          policy.credit.increasePercent !== null ? `${policy.credit.increasePercent}%` : null,
          policy.credit.increaseAmount !== null ? formatNtd(locale, policy.credit.increaseAmount) : null,
        ].filter((x): x is string => x !== null);
  const line = (p: ProposalView) => {
    const values = { company: label(p), from: figure(p, p.old.amount), to: figure(p, p.new.amount) };
    if (p.family === 'point') return t('point', values);
    const pct = changePercent(p.old.amount, p.new.amount);
    return pct === null ? t('creditFromZero', values) : t('credit', { ...values, percent: percentText(pct) });
  };
  const families = [...new Set(proposals.map((p) => p.family))];
  return (
    <ConfirmDialog
      open={proposals.length > 0}
      onClose={onCancel}
      onConfirm={onConfirm}
      pending={pending}
      title={t('title')}
      description={t('intro', { count: proposals.length })}
      confirm={t('confirm', { count: proposals.length })}
    >
      <ul className="space-y-1 text-sm">
        {proposals.map((p) => (
          <li key={p.id} className="font-medium">
            {line(p)}
          </li>
        ))}
      </ul>
      {families.map((family) => (
        <p key={family} className="mt-2 text-sm">
          {t(family === 'credit' ? 'thresholdCredit' : 'thresholdPoint', {
            threshold: thresholds(family).join(t('or')),
          })}
        </p>
      ))}
    </ConfirmDialog>
  );
}
