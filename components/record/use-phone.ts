'use client';

import { useSyncExternalStore } from 'react';

/** Tailwind's `sm` breakpoint: under it is a phone. */
const PHONE = '(max-width: 639.98px)';

function subscribe(onChange: () => void) {
  const query = window.matchMedia(PHONE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * Whether the window is a phone's width, for what CSS alone cannot switch (a table or a list of cards). The
 * server assumes a desk; use it only for content that arrives after hydration, so the first paint never swaps.
 */
export function usePhone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(PHONE).matches,
    () => false,
  );
}

/**
 * Whether the window is a phone's width now, for what decides a read rather than what shows: during hydration, when
 * usePhone still answers the server's "no", a folded section on a phone must not start its read.
 */
export function isPhoneWidth(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(PHONE).matches;
}
