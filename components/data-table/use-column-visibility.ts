'use client';

import type { ColumnVisibilityState } from '@tanstack/react-table';
import { useCallback, useMemo, useSyncExternalStore } from 'react';

const CHANGE_EVENT = 'md-console:column-visibility';

/** Column choices are remembered per signed-in user and per table, in this browser. */
export function columnVisibilityKey(userId: string, tableId: string): string {
  return `md-console:columns:${userId}:${tableId}`;
}

function subscribe(onChange: () => void) {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled: fall back to every column shown
  }
}

export function parseVisibility(raw: string | null): ColumnVisibilityState {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'boolean')) as ColumnVisibilityState;
  } catch {
    return {};
  }
}

export function useColumnVisibility(key: string) {
  const raw = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => null,
  );
  const visibility = useMemo(() => parseVisibility(raw), [raw]);
  const setVisibility = useCallback(
    (next: ColumnVisibilityState | ((old: ColumnVisibilityState) => ColumnVisibilityState)) => {
      const value = typeof next === 'function' ? next(parseVisibility(read(key))) : next;
      try {
        window.localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Storage full or disabled: the choice lasts until reload.
      }
      window.dispatchEvent(new Event(CHANGE_EVENT));
    },
    [key],
  );
  return [visibility, setVisibility] as const;
}
