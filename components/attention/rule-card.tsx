import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import { cn, focusRing } from '@/components/ui/cn';
import type { AttentionCard } from '@/lib/contract/attention';
import { SeverityBadge } from './severity-badge';
import { Trend } from './trend';

export const findingsHref = (rule: string) => `/attention/${rule}`;

/** How the count moved over the trend's days: the last day's count against the first's. */
export function trendChange(card: Pick<AttentionCard, 'trend' | 'count'>): number {
  const first = card.trend[0]?.count ?? card.count;
  return card.count - first;
}

/** One rule on the home: how many records it found, the week's trend, what it means, and the way to the list. */
export function RuleCard({ card }: { card: AttentionCard }) {
  const t = useTranslations('attention');
  const h = useTranslations('home');
  const format = useFormatter();
  const titleId = `rule-${card.rule}`;
  const change = trendChange(card);
  const trendWords =
    change === 0 ? h('trendSame') : change > 0 ? h('trendUp', { change }) : h('trendDown', { change: -change });
  return (
    <Card aria-labelledby={titleId} className="flex h-full flex-col">
      <div className="flex items-start justify-between gap-3 px-4 pt-4">
        <h2 id={titleId} className="text-base leading-snug font-semibold">
          {/* The title is the card's one link, so each names its own list. */}
          <Link
            href={findingsHref(card.rule)}
            className={cn('text-blue-800 underline-offset-2 hover:underline dark:text-blue-300', focusRing)}
          >
            {t(`rules.${card.rule}.title`)}
          </Link>
        </h2>
        <SeverityBadge severity={card.severity} />
      </div>
      <div className="flex items-end justify-between gap-3 px-4 py-3">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          <span
            data-testid="card-count"
            className="block text-3xl font-semibold text-zinc-900 tabular-nums dark:text-zinc-50"
          >
            {format.number(card.count)}
          </span>
          {h(`unit.${card.resource}`, { count: card.count })}
        </p>
        <div className="text-right text-xs text-zinc-600 dark:text-zinc-400">
          <Trend
            trend={card.trend}
            label={h('trendLabel', { counts: card.trend.map((p) => format.number(p.count)).join(h('listSeparator')) })}
          />
          <p className="whitespace-nowrap">{trendWords}</p>
        </div>
      </div>
      {/* The padding outside the clamped box, or a fourth line would show through it. */}
      <div className="px-4 pb-4">
        <p className="line-clamp-3 text-sm text-zinc-600 dark:text-zinc-400">{t(`rules.${card.rule}.description`)}</p>
      </div>
    </Card>
  );
}
