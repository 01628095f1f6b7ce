import type { ReactNode } from 'react';
import { cn } from './cn';

export interface PageHeaderProps {
  /** The page's one h1. */
  title: ReactNode;
  intro?: ReactNode;
  /** Above the title: a link back to the list, say. */
  back?: ReactNode;
  /** Beside the title: the page's main buttons. */
  actions?: ReactNode;
  className?: string;
}

export function PageHeader({ title, intro, back, actions, className }: PageHeaderProps) {
  const heading = (
    <div>
      {back ? <p className="mb-1 text-sm">{back}</p> : null}
      <h1 className="text-2xl font-semibold">{title}</h1>
      {intro ? <p className="mt-1 max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">{intro}</p> : null}
    </div>
  );
  if (!actions) return <header className={className}>{heading}</header>;
  return (
    <header className={cn('flex flex-wrap items-start justify-between gap-3', className)}>
      {heading}
      <div className="flex flex-wrap gap-2">{actions}</div>
    </header>
  );
}
