'use client';

import { useState, useTransition } from 'react';

/**
 * A choice kept with the account (table density, folded filters): it holds on the page at once, and `save`, a
 * server action, keeps it with the account in the background so it holds on any browser. Until a first choice
 * the value may be `initial` of a wider type (none chosen yet).
 */
export function useSavedChoice<T, Chosen extends T = T>(
  initial: T,
  save: (value: Chosen) => Promise<void>,
): [T, (next: Chosen) => void] {
  const [value, setLocal] = useState<T>(initial);
  const [, startTransition] = useTransition();
  const choose = (next: Chosen) => {
    setLocal(next);
    startTransition(async () => {
      try {
        await save(next);
      } catch {
        // Not saved (session ended, server down): the choice still holds on this page.
      }
    });
  };
  return [value, choose];
}
