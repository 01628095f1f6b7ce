import Link from 'next/link';
import type { ReactNode } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import { cn, focusRing } from '@/components/ui/cn';
import { HOME_CARDS_SHOWN, type AttentionSummary } from '@/lib/contract/attention';
import { CheckedLine } from './checked-lines';
import { RejectionsCard } from './rejections-card';
import { findingsHref, RuleCard } from './rule-card';
import { SeverityBadge } from './severity-badge';

/**
 * The home's body for one person: a card per rule with open findings (most severe first, as the summary comes),
 * the first HOME_CARDS_SHOWN of them open and the rest under "More"; or, with nothing open, what was checked and
 * when. `now` is the server's clock at render, for "checked 40 seconds ago".
 */
export function HomeSummary({
  summary,
  now,
  rejections = null,
  waiting = null,
}: {
  summary: AttentionSummary;
  now: Date;
  /** The rows the ERP sync could not apply, for those who may fix them; null: not shown. */
  rejections?: { count: number; trend: { day: string; count: number }[] } | null;
  /** The approver's card of proposals waiting for them (components/approvals); null: none wait, or not an approver. */
  waiting?: ReactNode;
}) {
  const t = useTranslations('attention');
  const h = useTranslations('home');
  const format = useFormatter();
  const shown = summary.cards.slice(0, HOME_CARDS_SHOWN);
  const more = summary.cards.slice(HOME_CARDS_SHOWN);
  // The card stays while the week saw any, so a count back to zero reads as fixed, not as gone.
  const showRejections = rejections !== null && (rejections.count > 0 || rejections.trend.some((p) => p.count > 0));
  const clear = summary.cards.length === 0 && !showRejections && !waiting;
  const evaluated = summary.checked.filter((c) => c.evaluatedAt);
  const pending = evaluated.length < summary.checked.length;

  const checkedLines = (
    <ul className={clear ? 'space-y-1' : 'flex flex-wrap gap-x-4 gap-y-1'}>
      {evaluated.map((checked) => (
        <li key={checked.resource}>
          <CheckedLine checked={checked} now={now} clear={clear} />
        </li>
      ))}
      {pending ? <li>{t('notEvaluated')}</li> : null}
    </ul>
  );

  if (clear) {
    return (
      <Card aria-labelledby="attention-clear" className="max-w-3xl px-5 py-4">
        <h2 id="attention-clear" className="text-base font-semibold">
          {h('clearTitle')}
        </h2>
        <div role="status" className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
          {checkedLines}
        </div>
      </Card>
    );
  }

  return (
    <div className="space-y-4">
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {waiting ? <li>{waiting}</li> : null}
        {showRejections ? (
          <li>
            <RejectionsCard count={rejections.count} trend={rejections.trend} />
          </li>
        ) : null}
        {shown.map((card) => (
          <li key={card.rule}>
            <RuleCard card={card} />
          </li>
        ))}
      </ul>
      {more.length > 0 ? (
        <details className="rounded-lg border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
          <summary className={cn('cursor-pointer px-4 py-3 text-sm font-medium', focusRing)}>
            {h('moreSummary', { more: t('more'), count: more.length })}
          </summary>
          <ul className="divide-y divide-zinc-200 border-t border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
            {more.map((card) => (
              <li key={card.rule} className="flex flex-wrap items-center gap-3 px-4 py-2 text-sm">
                <SeverityBadge severity={card.severity} />
                <Link
                  href={findingsHref(card.rule)}
                  className={cn('text-blue-800 underline underline-offset-2 dark:text-blue-300', focusRing)}
                >
                  {t(`rules.${card.rule}.title`)}
                </Link>
                <span className="ml-auto tabular-nums">{format.number(card.count)}</span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      <div className="text-sm text-zinc-600 dark:text-zinc-400">{checkedLines}</div>
    </div>
  );
}
