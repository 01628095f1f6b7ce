import Link from 'next/link';
import type { ReactNode } from 'react';
import { Card } from './card';
import { cn, focusRing } from './cn';

/**
 * A card on the home whose title is its one link, so each names where it leads (a rule's findings, the approvals
 * queue, the rejections): the heading (with `aside` beside it, e.g. a severity), the figures, then a description
 * clamped to three lines.
 */
export function LinkCard({
  id,
  href,
  title,
  aside,
  description,
  children,
}: {
  /** The heading's id, which names the card. */
  id: string;
  href: string;
  title: ReactNode;
  aside?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id} className="flex h-full flex-col">
      <div className={aside ? 'flex items-start justify-between gap-3 px-4 pt-4' : 'px-4 pt-4'}>
        <h2 id={id} className="text-base leading-snug font-semibold">
          <Link
            href={href}
            className={cn('text-blue-800 underline-offset-2 hover:underline dark:text-blue-300', focusRing)}
          >
            {title}
          </Link>
        </h2>
        {aside}
      </div>
      {children}
      {/* The padding outside the clamped box, or a fourth line would show through it. */}
      {description ? (
        <div className="px-4 pb-4">
          <p className="line-clamp-3 text-sm text-zinc-600 dark:text-zinc-400">{description}</p>
        </div>
      ) : null}
    </Card>
  );
}
