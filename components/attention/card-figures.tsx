import { useFormatter, useTranslations } from 'next-intl';
import { trendChange } from './trend-change';
import { Trend, type TrendPoint } from './trend';

/** A home card's figures: the count now with its unit, and the week's trend drawn and in words. */
export function CardFigures({
  count,
  unit,
  trend,
  testId,
}: {
  count: number;
  unit: string;
  trend: readonly TrendPoint[];
  testId: string;
}) {
  const h = useTranslations('home');
  const format = useFormatter();
  const change = trendChange({ count, trend });
  const trendWords =
    change === 0 ? h('trendSame') : change > 0 ? h('trendUp', { change }) : h('trendDown', { change: -change });
  return (
    <div className="flex items-end justify-between gap-3 px-4 py-3">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        <span
          data-testid={testId}
          className="block text-3xl font-semibold text-zinc-900 tabular-nums dark:text-zinc-50"
        >
          {format.number(count)}
        </span>
        {unit}
      </p>
      <div className="text-right text-xs text-zinc-600 dark:text-zinc-400">
        <Trend
          trend={trend}
          label={h('trendLabel', { counts: trend.map((p) => format.number(p.count)).join(h('listSeparator')) })}
        />
        <p className="whitespace-nowrap">{trendWords}</p>
      </div>
    </div>
  );
}
