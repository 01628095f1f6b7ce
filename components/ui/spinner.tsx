'use client';

import { useTranslations } from 'next-intl';
import { cn } from './cn';

export type SpinnerProps = {
  /** What is loading; defaults to "Loading…" from the catalogue. Read by screen readers. */
  label?: string;
  /** Show the label next to the spinner instead of only to screen readers. */
  showLabel?: boolean;
  className?: string;
};

export function Spinner({ label, showLabel, className }: SpinnerProps) {
  const t = useTranslations('ui');
  const text = label ?? t('loading');
  return (
    <span
      role="status"
      className={cn('inline-flex items-center gap-2 text-sm text-zinc-700 dark:text-zinc-300', className)}
    >
      <span
        aria-hidden="true"
        className="size-4 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-none"
      />
      <span className={showLabel ? undefined : 'sr-only'}>{text}</span>
    </span>
  );
}
