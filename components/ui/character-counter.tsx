'use client';

import { useTranslations } from 'next-intl';
import { cn } from './cn';

export type CharacterCounterProps = {
  /** Count in code points (use charLength from lib/contract), the way the service counts. */
  count: number;
  max: number;
};

/** For Field's counter slot: "12 / 255 characters", red once over the limit. */
export function CharacterCounter({ count, max }: CharacterCounterProps) {
  const t = useTranslations('ui');
  const over = count > max;
  return (
    <span className={cn(over ? 'font-medium text-red-700 dark:text-red-400' : 'text-zinc-600 dark:text-zinc-400')}>
      {t('characterCount', { count, max })}
    </span>
  );
}
