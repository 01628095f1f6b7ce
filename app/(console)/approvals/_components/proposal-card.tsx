'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { Alert, Button, Checkbox, Field, Textarea } from '@/components/ui';
import type { ApprovalPolicy } from '@/lib/contract/approval-policy';
import { changePercent } from '@/lib/contract/approval-policy';
import { PROPOSAL_TEXT_MAX, type DecisionView } from '@/lib/contract/console/approvals';
import { ruleWords } from '@/lib/i18n/approval-words';
import { formatNtd } from '@/lib/i18n/money';
import { useSeparators } from '@/lib/i18n/use-separators';
import { LimitChanges } from './limit-changes';
import { WindowSteps } from './window-steps';
import type { OpenProposal } from './queue-types';
import { useProposalWords } from './proposal-words';

/**
 * One proposal as a card (it reads the same at 1280 px and on a phone): what changes and why, the exposure beside
 * it, and its decision with a comment box of its own: a comment belongs to this proposal and leaves with its
 * decision (issue 61 point 1). A stale one shows the three values and needs "Approve anyway".
 */
export function ProposalCard({
  p,
  policy,
  comment,
  onComment,
  missing,
  decision,
  pending,
  selected,
  onSelect,
  onApprove,
  onReject,
  onWithdraw,
}: {
  p: OpenProposal;
  policy: ApprovalPolicy;
  comment: string;
  onComment: (text: string) => void;
  /** A rejection was asked for without a comment: said beside this box. */
  missing?: string;
  decision: DecisionView | undefined;
  pending: boolean;
  selected: boolean;
  onSelect: (on: boolean) => void;
  onApprove: (confirmStale: boolean) => void;
  onReject: () => void;
  onWithdraw: () => void;
}) {
  const t = useTranslations('approvals');
  const td = useTranslations('approvalDecisions');
  const locale = useLocale();
  const format = useFormatter();
  const marks = useSeparators();
  const { label, value, when, percentText, outcomeText } = useProposalWords();
  const name = label(p);
  const pct = changePercent(p.old.amount, p.new.amount);
  const d = decision;
  return (
    <li className="space-y-2 rounded border border-zinc-200 p-3 dark:border-zinc-800">
      <h2 className="font-semibold">{name}</h2>
      <p className="text-sm">
        <span className="font-medium">{marks.labelled(t(`family.${p.family}`))}</span>
        <span className="whitespace-nowrap tabular-nums">
          {value(p, p.old)} → {value(p, p.new)}
        </span>{' '}
        ({pct === null ? t('fromZero') : percentText(pct)})
      </p>
      <p className="text-sm">
        <span className="font-medium">{marks.labelled(t('exposure'))}</span>
        {p.exposure
          ? `${t('creditLine', {
              limit: formatNtd(locale, p.exposure.creditAmount),
              pending: formatNtd(locale, p.exposure.pendingAmount),
              available: formatNtd(locale, p.exposure.availableAmount),
            })} · ${t('controlLine', { state: p.exposure.creditEnabled ? t('on') : t('off') })} · ${t('pointLine', {
              balance: format.number(p.exposure.pointBalance, { maximumFractionDigits: 2 }),
            })}`
          : t('exposureUnread')}
      </p>
      <LimitChanges changes={p.limitChanges} />
      <WindowSteps proposal={p} />
      <p className="text-sm">
        <span className="font-medium">{marks.labelled(t('rule'))}</span>
        {p.rules.map((r) => ruleWords(t, locale, policy, r)).join(marks.clause)}
      </p>
      <p className="text-sm">
        <span className="font-medium">{marks.labelled(t('proposer'))}</span>
        {t('proposedAt', { who: p.proposedByEmail, when: when(p.proposedAt) })} ·{' '}
        {t('expiresAt', { when: when(p.expiresAt) })}
      </p>
      <p className="text-sm">
        <span className="font-medium">{marks.labelled(t('reason'))}</span>
        {p.source === 'import' || p.source === 'bulk'
          ? t('fromImport', { reason: p.reason })
          : p.source === 'revert'
            ? t('fromRevert', { reason: p.reason })
            : p.reason}
      </p>
      {d?.kind === 'stale' ? (
        <Alert tone="warning">
          <p className="font-medium">{t('staleTitle')}</p>
          <p>{t('staleWhenProposed', { value: value(p, d.proposed) })}</p>
          <p>{t('staleNow', { value: value(p, d.now) })}</p>
          <p>{t('staleNew', { value: value(p, d.next) })}</p>
          <Button className="mt-2" onClick={() => onApprove(true)} pending={pending}>
            {t('approveAnyway')}
          </Button>
        </Alert>
      ) : d ? (
        <p role="status" className="text-sm font-medium">
          {outcomeText(d)}
        </p>
      ) : null}
      {p.own ? (
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-sm">{t('own')}</p>
          <Button variant="secondary" onClick={onWithdraw}>
            {t('withdraw')}
          </Button>
        </div>
      ) : (
        <div className="space-y-2">
          <Checkbox
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            label={t('select', { company: name })}
          />
          <Field label={td('commentFor')} error={missing}>
            <Textarea
              value={comment}
              onChange={(e) => onComment(e.target.value)}
              rows={2}
              maxLength={PROPOSAL_TEXT_MAX}
            />
          </Field>
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => onApprove(false)} pending={pending}>
              {t('approve')}
            </Button>
            <Button variant="secondary" onClick={onReject}>
              {t('reject')}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
