'use client';

import { useEffect, useRef, type ReactNode } from 'react';
import { cn } from '@/components/ui';

/** Sets the full text as a tooltip, and a tab stop for plain text, on a cut line; takes both off one that fits. */
function mark(element: HTMLElement) {
  // Unfolded by focus, it fits: keep it a tab stop (and the tooltip) until focus leaves.
  if (element.matches(':focus, :focus-within')) return;
  if (element.scrollWidth > element.clientWidth + 1) {
    element.title = element.textContent ?? '';
    // A link inside is a tab stop already; the span itself becomes one only for plain text.
    if (!element.querySelector('a, button, input, select, textarea')) element.tabIndex = 0;
  } else {
    element.removeAttribute('title');
    element.removeAttribute('tabindex');
  }
}

/**
 * One observer for every cut line on the page. Its callback runs after layout, so nothing forces one; and it
 * writes the two attributes itself instead of through React state: a list's first load measured a hundred cells
 * in layout effects, then re-rendered them, inside a phone's longest task (issue 46).
 */
let observer: ResizeObserver | null = null;
const observe = (element: HTMLElement) => {
  observer ??= new ResizeObserver((entries) => entries.forEach((entry) => mark(entry.target as HTMLElement)));
  // Observing anew reports the element once more: so does a new text in a box of the same size.
  observer.unobserve(element);
  observer.observe(element);
  return () => observer?.unobserve(element);
};

/**
 * One line, cut with an ellipsis when it does not fit. Only when it is cut does it offer the full text: as a
 * tooltip on hover, and on keyboard focus (it becomes a tab stop and unfolds while focused). Screen readers
 * read the whole text either way: the cut is visual only.
 */
export function TruncatedText({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => (ref.current ? observe(ref.current) : undefined), [children]);
  return (
    <span
      ref={ref}
      className={cn(
        'block max-w-[18rem] truncate rounded-sm focus:max-w-[28rem] focus:whitespace-normal focus-within:max-w-[28rem] focus-within:whitespace-normal focus:outline-2 focus:outline-offset-2 focus:outline-blue-600',
        className,
      )}
    >
      {children}
    </span>
  );
}
