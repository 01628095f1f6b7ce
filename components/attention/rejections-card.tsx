import { useTranslations } from 'next-intl';
import { LinkCard } from '@/components/ui/link-card';
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
    <LinkCard id="card-rejections" href={REJECTIONS_HREF} title={t('title')} description={t('cardDescription')}>
      <CardFigures count={count} unit={t('cardUnit', { count })} trend={trend} testId="rejections-count" />
    </LinkCard>
  );
}
