'use client';

import { useState, type ReactNode } from 'react';
import { Card, CardContent, CardHeader } from './card';
import { cn } from './cn';

/**
 * A card named by its title, like TitledCard, that a phone (under 640 px) shows folded until its title is
 * tapped: a long record page then reads as a list of headings. From 640 px it is always open and the title is
 * plain text, so nothing changes on a tablet or a desk. The fold is CSS only (`max-sm:`), so the server's first
 * paint is already right at any width and nothing shifts on hydration.
 */
export function CollapsibleCard({
  id,
  title,
  action,
  intro,
  folded: startFolded = true,
  className,
  contentClassName,
  onOpenChange,
  children,
}: {
  /** The title's id, unique on the page. */
  id: string;
  title: ReactNode;
  /** Beside the title (hidden with the content while folded: it acts on what is folded). */
  action?: ReactNode;
  /** Under the title, in the header (a line of help, links). */
  intro?: ReactNode;
  /** Starts folded on a phone (the default); false keeps it open, with the same heading. */
  folded?: boolean;
  className?: string;
  contentClassName?: string;
  /** Told when the title is tapped open or folded (on a phone), for content read only once it shows. */
  onOpenChange?: (open: boolean) => void;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(!startFolded);
  const contentId = `${id}-content`;
  const hidden = open ? undefined : 'max-sm:hidden';
  return (
    <Card aria-labelledby={id} className={className}>
      <CardHeader className={cn(!open && 'max-sm:border-b-0')}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={id} className="text-base font-semibold max-sm:min-w-0 max-sm:flex-1">
            {/* Only one of the two is displayed at a width; the hidden one leaves the heading's name alone. */}
            <button
              type="button"
              aria-expanded={open}
              aria-controls={contentId}
              onClick={() => {
                setOpen(!open);
                onOpenChange?.(!open);
              }}
              className="-my-2 flex min-h-11 w-full items-center justify-between gap-2 text-left sm:hidden"
            >
              <span>{title}</span>
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className={cn('size-5 shrink-0 text-zinc-500 transition-transform', open && 'rotate-180')}
              >
                <path d="M5 7.5l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
            <span className="max-sm:hidden">{title}</span>
          </h2>
          {action ? <div className={hidden}>{action}</div> : null}
        </div>
        {intro ? <div className={cn('space-y-1', hidden)}>{intro}</div> : null}
      </CardHeader>
      <CardContent id={contentId} className={cn(contentClassName, hidden)}>
        {children}
      </CardContent>
    </Card>
  );
}
