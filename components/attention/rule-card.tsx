import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import { cn, focusRing } from '@/components/ui/cn';
import type { AttentionCard } from '@/lib/contract/attention';
import { SeverityBadge } from './severity-badge';
import { CardFigures } from './card-figures';

export const findingsHref = (rule: string) => `/attention/${rule}`;

/** One rule on the home: how many records it found, the week's trend, what it means, and the way to the list. */
export function RuleCard({ card }: { card: AttentionCard }) {
  const t = useTranslations('attention');
  const h = useTranslations('home');
  const titleId = `rule-${card.rule}`;
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
      <CardFigures
        count={card.count}
        unit={h(`unit.${card.resource}`, { count: card.count })}
        trend={card.trend}
        testId="card-count"
      />
      {/* The padding outside the clamped box, or a fourth line would show through it. */}
      <div className="px-4 pb-4">
        <p className="line-clamp-3 text-sm text-zinc-600 dark:text-zinc-400">{t(`rules.${card.rule}.description`)}</p>
      </div>
    </Card>
  );
}
