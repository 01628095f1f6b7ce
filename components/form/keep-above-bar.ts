'use client';

import type { FocusEvent, RefObject } from 'react';

/** Room left between a focused field and the action bar above it. */
const MARGIN_PX = 8;

/**
 * On a phone the form's actions stick to the bottom of the screen; a field focused just above the screen's bottom
 * (Tab, the keyboard's next, a tap) would be under them, where the person cannot see what they type. After the
 * browser's own scroll to the field, this scrolls on until the field (with its label's frame) ends above the bar.
 * Only while the bar is stuck: elsewhere it sits in the flow and covers nothing.
 */
export function useKeepFocusAboveBar(bar: RefObject<HTMLElement | null>) {
  // Not memoised by hand: the React Compiler does it (a useCallback over a ref's read would be refused).
  return (event: FocusEvent<HTMLElement>) => {
    const field = event.target;
    const actions = bar.current;
    if (!(field instanceof HTMLElement) || !actions || actions.contains(field)) return;
    if (getComputedStyle(actions).position !== 'sticky') return;
    requestAnimationFrame(() => {
      const barTop = actions.getBoundingClientRect().top;
      const view = window.visualViewport;
      const screenBottom = view ? view.offsetTop + view.height : window.innerHeight;
      // The bar is stuck only when it sits at the screen's bottom; in the flow further down it covers nothing.
      if (barTop > screenBottom) return;
      const limit = Math.min(barTop, screenBottom) - MARGIN_PX;
      const bottom = field.getBoundingClientRect().bottom;
      if (bottom > limit) window.scrollBy({ top: bottom - limit, behavior: 'instant' });
    });
  };
}
