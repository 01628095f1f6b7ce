import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { Card } from '@/components/ui/card';
import { cn, focusRing } from '@/components/ui/cn';
import { CardFigures } from './card-figures';
import type { TrendPoint } from './trend';

export const REJECTIONS_HREF = '/imports/rejections';

/**
 * The home's card for the rows the ERP sync could not apply (issue 53): the open count now, its week's trend and
 * the way to the page that groups them by cause. Shown to those who may fix them (runImports).
 */
export function RejectionsCard({ count, trend }: { count: number; trend: readonly TrendPoint[] }) {
  const t = useTranslations('rejections');
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
      <CardFigures count={count} unit={t('cardUnit', { count })} trend={trend} testId="rejections-count" />
      <div className="px-4 pb-4">
        <p className="line-clamp-3 text-sm text-zinc-600 dark:text-zinc-400">{t('cardDescription')}</p>
      </div>
    </Card>
  );
}
