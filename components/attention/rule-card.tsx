import { useTranslations } from 'next-intl';
import { LinkCard } from '@/components/ui/link-card';
import type { AttentionCard } from '@/lib/contract/attention';
import { SeverityBadge } from './severity-badge';
import { CardFigures } from './card-figures';

export const findingsHref = (rule: string) => `/attention/${rule}`;

/** One rule on the home: how many records it found, the week's trend, what it means, and the way to the list. */
export function RuleCard({ card }: { card: AttentionCard }) {
  const t = useTranslations('attention');
  const h = useTranslations('home');
  return (
    <LinkCard
      id={`rule-${card.rule}`}
      href={findingsHref(card.rule)}
      title={t(`rules.${card.rule}.title`)}
      aside={<SeverityBadge severity={card.severity} />}
      description={t(`rules.${card.rule}.description`)}
    >
      <CardFigures
        count={card.count}
        unit={h(`unit.${card.resource}`, { count: card.count })}
        trend={card.trend}
        testId="card-count"
      />
    </LinkCard>
  );
}
