'use client';

import { useEffect, useSyncExternalStore, type ComponentProps } from 'react';

/**
 * Toasts without putting sonner in every page's first load: sonner and its Toaster load with the first toast.
 * A toast waits until the Toaster has mounted (it only shows toasts announced after it subscribed).
 */
type Sonner = typeof import('sonner');

let sonner: Sonner | null = null;
let loading: Promise<Sonner> | null = null;
let markMounted: () => void = () => {};
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
const listeners = new Set<() => void>();

function load(): Promise<Sonner> {
  loading ??= import('sonner').then((module) => {
    sonner = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

function show(kind: 'success' | 'error' | 'warning', message: string): void {
  void load()
    .then(() => mounted)
    .then(() => sonner?.toast[kind](message));
}

export const toast = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  warning: (message: string) => show('warning', message),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function MountedSignal() {
  useEffect(() => markMounted(), []);
  return null;
}

/** Mount once (the console providers); renders nothing until the first toast. */
export function Toaster(props: ComponentProps<Sonner['Toaster']>) {
  const loaded = useSyncExternalStore(
    subscribe,
    () => sonner,
    () => null,
  );
  if (!loaded) return null;
  return (
    <>
      <loaded.Toaster {...props} />
      <MountedSignal />
    </>
  );
}
