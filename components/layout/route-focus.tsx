'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useRef } from 'react';

/** How long after a navigation the new page's heading may take to arrive (a loading state comes first). */
const SETTLE_MS = 5000;

/**
 * After a client-side navigation (a new path; filters and pages of a list only change the query), focus moves
 * to the new page's h1, so keyboard and screen-reader users start at the page they opened instead of on the
 * link they left. A loading state's h1 is focused first and its replacement takes over; anything the person
 * focuses themselves in the meantime wins.
 */
export function RouteFocus({ containerId }: { containerId: string }) {
  const pathname = usePathname();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return; // A full page load: the browser starts at the top, the skip link first.
    }
    const container = document.getElementById(containerId);
    if (!container) return;
    // Focus may move only from where the navigation left it (the link clicked), or from a heading we focused.
    const start = document.activeElement;
    let focused: HTMLElement | null = null;
    const focusHeading = () => {
      const heading = container.querySelector<HTMLElement>('h1');
      if (!heading || heading === focused || !heading.isConnected) return;
      const active = document.activeElement;
      // Someone has moved on (typed in a field, opened a menu): leave focus where they put it.
      if (active !== start && active !== focused && active !== document.body && active !== container) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      focused = heading;
    };
    focusHeading();
    const observer = new MutationObserver(focusHeading);
    observer.observe(container, { childList: true, subtree: true });
    const stop = setTimeout(() => observer.disconnect(), SETTLE_MS);
    return () => {
      clearTimeout(stop);
      observer.disconnect();
    };
  }, [pathname, containerId]);
  return null;
}
