'use client';

import { useTranslations } from 'next-intl';
import type { ProposalView } from '@/lib/contract/console/approvals';
import { useProposalWords } from './proposal-words';

/** "Decided recently": each decision with its outcome and the comment written for it (its own only). */
export function DecidedList({ decided }: { decided: readonly ProposalView[] }) {
  const t = useTranslations('approvals');
  const { label, value, when, reason } = useProposalWords();
  if (decided.length === 0) return null;
  return (
    <section className="space-y-2" aria-labelledby="decided-recently">
      <h2 id="decided-recently" className="text-lg font-semibold">
        {t('recent')}
      </h2>
      <ul className="space-y-1 text-sm">
        {decided.map((p) => (
          <li key={p.id} data-testid="decided-proposal">
            <span className="font-medium">{label(p)}</span>:{' '}
            <span className="whitespace-nowrap tabular-nums">
              {value(p, p.old)} → {value(p, p.new)}
            </span>{' '}
            · {t(`state.${p.state}`)}
            {p.decidedByEmail && p.decidedAt
              ? ` · ${t('decidedBy', { who: p.decidedByEmail, when: when(p.decidedAt) })}`
              : ''}
            {p.outcomeCode ? ` · ${reason(p.outcomeCode)}` : ''}
            {p.comment ? ` · ${t('yourComment', { comment: p.comment })}` : ''}
          </li>
        ))}
      </ul>
    </section>
  );
}
