import Link from 'next/link';
import type { ReactNode } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { Badge, type BadgeTone } from '@/components/ui';
import { Card } from '@/components/ui/card';
import { cn, focusRing } from '@/components/ui/cn';
import type { ProposalView } from '@/lib/contract/console/approvals';
import type { QuotaValues } from '@/lib/contract/console/quotas';
import { formatNtd } from '@/lib/i18n/money';
import { plainSpaces } from '@/lib/i18n/formats';

const TONE: Record<ProposalView['state'], BadgeTone> = {
  open: 'info',
  sending: 'info',
  applied: 'success',
  refused: 'danger',
  unknown: 'warning',
  rejected: 'danger',
  withdrawn: 'neutral',
  expired: 'neutral',
};

/**
 * The proposer's own proposals on their home (issue 55 point 6), newest first: what they asked for and what became
 * of it (waiting, approved, rejected with the approver's comment, expired), so nobody has to ask.
 */
export function YourProposals({
  proposals,
  title,
  headingId = 'your-proposals',
  children,
}: {
  proposals: readonly ProposalView[];
  /** Another heading than "Your proposals" (the decisions not seen yet, at the top of the home). */
  title?: string;
  headingId?: string;
  /** Below the list (the decisions' "Mark as seen"). */
  children?: ReactNode;
}) {
  const t = useTranslations('approvals');
  const locale = useLocale();
  const format = useFormatter();
  const figure = (p: ProposalView, v: QuotaValues) =>
    `${p.family === 'credit' ? formatNtd(locale, v.amount) : format.number(v.amount, { maximumFractionDigits: 2 })} · ${
      v.enabled ? t('on') : t('off')
    }`;
  const when = (iso: string) => plainSpaces(format.dateTime(new Date(iso), 'dateTime'));
  return (
    <Card aria-labelledby={headingId} className="max-w-3xl px-4 py-4">
      <h2 id={headingId} className="text-base font-semibold">
        {title ?? t('yourTitle')}
      </h2>
      <ul className="mt-2 divide-y divide-zinc-200 dark:divide-zinc-800">
        {proposals.map((p) => (
          <li key={p.id} className="space-y-1 py-2 text-sm" data-testid="your-proposal">
            <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
              <Link
                href={`/companies/${p.companyId}`}
                className={cn('font-medium text-blue-800 underline underline-offset-2 dark:text-blue-300', focusRing)}
              >
                {[p.companyCode, p.companyName].filter(Boolean).join(' ') || p.companyId}
              </Link>
              <span>{t(`family.${p.family}`)}</span>
              <span className="whitespace-nowrap tabular-nums">
                {figure(p, p.old)} → {figure(p, p.new)}
              </span>
              <Badge tone={TONE[p.state]}>{t(`state.${p.state}`)}</Badge>
            </div>
            <p className="text-zinc-600 dark:text-zinc-400">
              {p.decidedByEmail && p.state !== 'expired' && p.state !== 'withdrawn'
                ? t('decidedBy', { who: p.decidedByEmail, when: when(p.decidedAt ?? p.proposedAt) })
                : p.state === 'open'
                  ? t('expiresAt', { when: when(p.expiresAt) })
                  : when(p.decidedAt ?? p.proposedAt)}
            </p>
            {p.comment && p.state !== 'withdrawn' ? <p>{t('yourComment', { comment: p.comment })}</p> : null}
          </li>
        ))}
      </ul>
      {children}
    </Card>
  );
}
