'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { ProposalRecord } from '@/lib/contract/proposal-record';
import { formatNtd } from '@/lib/i18n/money';
import { useErrorMessage } from '@/lib/i18n/use-error-message';

/** Steps after which the platform holds what it held before. */
const STILL = new Set<ProposalRecord['step']>(['proposed', 'rejected', 'withdrawn', 'expired']);

/**
 * A proposal's step in History and the audit log, in words with money as money (issue 61 point 5): "Credit limit
 * NT$1,560,000.00 → NT$2,340,000.00: over 20% and over NT$100,000.00; approved by …", the reason it was proposed
 * for, and the comment of this decision (only this one's).
 */
export function ProposalStepText({ record }: { record: ProposalRecord }) {
  const t = useTranslations('approvalDecisions.history');
  const locale = useLocale();
  const format = useFormatter();
  const errorText = useErrorMessage();
  const figure = (n: number) =>
    record.family === 'credit' ? formatNtd(locale, n) : format.number(n, { maximumFractionDigits: 2 });
  const number = (n: number | null) => format.number(n ?? 0, { maximumFractionDigits: 2 });
  const rules = record.rules
    .map((rule) =>
      t(`rules.${rule}`, {
        percent: number(record.thresholds.percent),
        amount: formatNtd(locale, record.thresholds.amount ?? 0),
        points: number(record.thresholds.points),
      }),
    )
    .join(t('and'));
  const control =
    record.old.enabled !== record.new.enabled
      ? t(record.family === 'credit' ? 'control' : 'points', {
          from: t(record.old.enabled ? 'on' : 'off'),
          to: t(record.new.enabled ? 'on' : 'off'),
        })
      : null;
  const who = record.decidedBy ?? record.proposedBy;
  const reason = record.outcomeCode ? errorText(record.outcomeCode) : '';
  const decided = record.step === 'proposed' ? t('proposedBy', { who }) : t(`decided.${record.step}`, { who, reason });
  return (
    <div className="space-y-0.5" data-testid="proposal-step">
      <p>
        {t(`family.${record.family}`)} {/* The amounts never wrap; the rules after them may. */}
        <span className="whitespace-nowrap tabular-nums">
          {figure(record.old.amount)} → {figure(record.new.amount)}
        </span>
        {rules ? t('rules.after', { rules }) : null}
        {control ? `${t('separator')}${control}` : null}
        {t('separator')}
        {decided}
      </p>
      {record.step !== 'proposed' ? <p>{t('proposedBy', { who: record.proposedBy })}</p> : null}
      <p>{t('reason', { reason: record.reason })}</p>
      {record.comment ? <p>{t('comment', { comment: record.comment })}</p> : null}
      {STILL.has(record.step) ? <p className="text-zinc-600 dark:text-zinc-400">{t('nothingChanged')}</p> : null}
    </div>
  );
}

/** The step's heading ("Proposal rejected"). */
export function ProposalStepHeading({ record }: { record: ProposalRecord }) {
  const t = useTranslations('approvalDecisions.history');
  return <span className="whitespace-nowrap">{t(`steps.${record.step}`)}</span>;
}
