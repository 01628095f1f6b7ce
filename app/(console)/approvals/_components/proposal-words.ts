'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { DecisionView, ProposalView } from '@/lib/contract/console/approvals';
import type { QuotaValues } from '@/lib/contract/console/quotas';
import { plainSpaces } from '@/lib/i18n/formats';
import { formatNtd } from '@/lib/i18n/money';

/** The queue's shared wording: a proposal's company, its values as money or points, a decision's outcome. */
export function useProposalWords() {
  const t = useTranslations('approvals');
  const te = useTranslations('errors');
  const locale = useLocale();
  const format = useFormatter();
  const reason = (code: string) => {
    const key = code as Parameters<typeof te.has>[0];
    return te.has(key) ? te(key) : code;
  };
  const figure = (p: Pick<ProposalView, 'family'>, n: number) =>
    p.family === 'credit' ? formatNtd(locale, n) : format.number(n, { maximumFractionDigits: 2 });
  return {
    reason,
    figure,
    label: (p: Pick<ProposalView, 'companyCode' | 'companyName' | 'companyId'>) =>
      [p.companyCode, p.companyName].filter(Boolean).join(' ') || String(p.companyId),
    value: (p: ProposalView, v: QuotaValues) => `${figure(p, v.amount)} · ${v.enabled ? t('on') : t('off')}`,
    when: (iso: string) => plainSpaces(format.dateTime(new Date(iso), 'dateTime')),
    percentText: (pct: number) =>
      format.number(pct / 100, { style: 'percent', signDisplay: 'always', maximumFractionDigits: 1 }),
    outcomeText: (d: DecisionView) =>
      d.kind === 'refused' || d.kind === 'unknown' || d.kind === 'unreadable'
        ? t(`outcome.${d.kind}`, { reason: reason(d.code) })
        : d.kind === 'stale'
          ? t('outcome.stale')
          : t(`outcome.${d.kind}`),
  };
}
