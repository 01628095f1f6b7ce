import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import { cn, focusRing } from '@/components/ui/cn';
import { trendChange } from './rule-card';
import { Trend, type TrendPoint } from './trend';

export const REJECTIONS_HREF = '/imports/rejections';

/**
 * The home's card for the rows the ERP sync could not apply (issue 53): the open count now, its week's trend and
 * the way to the page that groups them by cause. Shown to those who may fix them (runImports).
 */
export function RejectionsCard({ count, trend }: { count: number; trend: readonly TrendPoint[] }) {
  const t = useTranslations('rejections');
  const h = useTranslations('home');
  const format = useFormatter();
  const change = trendChange({ count, trend: [...trend] });
  const trendWords =
    change === 0 ? h('trendSame') : change > 0 ? h('trendUp', { change }) : h('trendDown', { change: -change });
  return (
    <Card aria-labelledby="card-rejections" className="flex h-full flex-col">
      <div className="px-4 pt-4">
        <h2 id="card-rejections" className="text-base leading-snug font-semibold">
          <Link
            href={REJECTIONS_HREF}
            className={cn('text-blue-800 underline-offset-2 hover:underline dark:text-blue-300', focusRing)}
          >
            {t('title')}
          </Link>
        </h2>
      </div>
      <div className="flex items-end justify-between gap-3 px-4 py-3">
        <p className="text-sm text-zinc-700 dark:text-zinc-300">
          <span
            data-testid="rejections-count"
            className="block text-3xl font-semibold text-zinc-900 tabular-nums dark:text-zinc-50"
          >
            {format.number(count)}
          </span>
          {t('cardUnit', { count })}
        </p>
        <div className="text-right text-xs text-zinc-600 dark:text-zinc-400">
          <Trend
            trend={trend}
            label={h('trendLabel', { counts: trend.map((p) => format.number(p.count)).join(h('listSeparator')) })}
          />
          <p className="whitespace-nowrap">{trendWords}</p>
        </div>
      </div>
      <div className="px-4 pb-4">
        <p className="line-clamp-3 text-sm text-zinc-600 dark:text-zinc-400">{t('cardDescription')}</p>
      </div>
    </Card>
  );
}
