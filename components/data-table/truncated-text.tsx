'use client';

import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '@/components/ui';
import { watchSize } from '@/components/ui/watch-size';

/**
 * One line, cut with an ellipsis when it does not fit. Only when it is cut does it offer the full text: as a
 * tooltip on hover, and on keyboard focus (it becomes a tab stop and unfolds while focused). Screen readers
 * read the whole text either way: the cut is visual only.
 */
export function TruncatedText({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [full, setFull] = useState<string | null>(null);
  const [interactive, setInteractive] = useState(false);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      // Unfolded by focus, it fits: keep it a tab stop (and the tooltip) until focus leaves.
      if (el.matches(':focus, :focus-within')) return;
      setFull(el.scrollWidth > el.clientWidth + 1 ? (el.textContent ?? '') : null);
    };
    // A link inside is a tab stop already; the span itself becomes one only for plain text.
    setInteractive(el.querySelector('a, button, input, select, textarea') !== null);
    return watchSize(el, measure);
  }, [children]);
  return (
    <span
      ref={ref}
      title={full ?? undefined}
      tabIndex={full && !interactive ? 0 : undefined}
      className={cn(
        'block max-w-[18rem] truncate rounded-sm focus:max-w-[28rem] focus:whitespace-normal focus-within:max-w-[28rem] focus-within:whitespace-normal focus:outline-2 focus:outline-offset-2 focus:outline-blue-600',
        className,
      )}
    >
      {children}
    </span>
  );
}
