'use client';

import { useEffect, useRef, useState } from 'react';
import { cn, focusRing } from '@/components/ui/cn';
import { watchSize } from '@/components/ui/watch-size';

/**
 * A free text (a company name, a memo) in at most two lines of a narrow column, so the quota table fits a
 * 1280 px screen. Cut text keeps all of it: on hover (title) and, for the keyboard, on focus: only a cut
 * text takes a tab stop, and focusing it shows the whole text in place. Screen readers read the whole text
 * either way (the clamp only hides it from sight).
 */
export function ClampedText({ text, className }: { text: string; className?: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);

  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    // While focused the text is unclamped, so it measures whole: keep the tab stop it is using.
    const measure = () =>
      document.activeElement !== box &&
      setCut(box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1);
    return watchSize(box, measure);
  }, [text]);

  // Focus unclamps in place: a box laid over the table would be cut by the table's scrolling frame.
  return (
    <span
      ref={ref}
      title={cut ? text : undefined}
      tabIndex={cut ? 0 : undefined}
      className={cn('line-clamp-2 break-words', cut && cn('rounded-sm focus:line-clamp-none', focusRing), className)}
    >
      {text}
    </span>
  );
}
