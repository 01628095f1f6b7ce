'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { ProposalView } from '@/lib/contract/console/approvals';
import { windowChangeWords } from '@/lib/i18n/approval-words';
import { plainSpaces } from '@/lib/i18n/formats';
import { formatNtd } from '@/lib/i18n/money';

/**
 * The earlier console changes of the policy's window that make up a proposal's change (issue 61 point 2): the
 * approver reads the raise as a whole ("+15% now, +52% since 3 Dec") and each step: from → to, who, when.
 */
export function WindowSteps({ proposal: p }: { proposal: Pick<ProposalView, 'family' | 'old' | 'new' | 'window'> }) {
  const t = useTranslations('approvals');
  const locale = useLocale();
  const format = useFormatter();
  if (!p.window) return null;
  const day = (iso: string) => plainSpaces(format.dateTime(new Date(iso), 'date'));
  const figure = (v: number | null) =>
    v === null
      ? t('window.notRead')
      : p.family === 'credit'
        ? formatNtd(locale, v)
        : format.number(v, { maximumFractionDigits: 2 });
  return (
    <div className="text-sm">
      <p>{windowChangeWords(t, locale, p.family, p.window, p.old.amount, p.new.amount, day)}</p>
      <p className="font-medium">{t('window.title', { days: p.window.days })}</p>
      <ol className="list-inside list-decimal">
        {p.window.steps.map((s) => (
          <li key={`${s.at}-${s.to}`} className="tabular-nums">
            {t('window.stepLine', {
              from: figure(s.from),
              to: figure(s.to),
              who: s.byEmail,
              when: plainSpaces(format.dateTime(new Date(s.at), 'dateTime')),
            })}
          </li>
        ))}
      </ol>
    </div>
  );
}
