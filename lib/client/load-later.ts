import { useEffect, useSyncExternalStore } from 'react';

/**
 * A module a page does not need to show, loaded after first paint instead of with the page, so it stays out
 * of the page's first-load JavaScript (bench/pages): a recipe editor's drag and drop, a panel's edit form.
 * `useLoaded()` answers null until the module is there, then the module; every caller shares one load, and a
 * component mounted after it loaded gets it at once (no placeholder, nothing that flashes). A failed load
 * (offline) is tried again by the next component that asks.
 *
 *   const editor = loadLater(() => import('./recipe-editor'));
 *   const loaded = editor.useLoaded(); // null, then the module
 */
export function loadLater<T>(importer: () => Promise<T>) {
  let value: T | null = null;
  let pending: Promise<T> | null = null;
  const listeners = new Set<() => void>();

  const load = (): Promise<T> =>
    (pending ??= importer().then(
      (module) => {
        value = module;
        for (const listener of listeners) listener();
        return module;
      },
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };

  /** The module once loaded; starts loading after the first paint of the component that asks (when `wanted`). */
  function useLoaded(wanted = true): T | null {
    // The server renders without it, and so does hydration: the page's HTML never depends on it.
    const current = useSyncExternalStore(
      subscribe,
      () => value,
      () => null,
    );
    useEffect(() => {
      if (wanted && !current) load().catch(() => undefined);
    }, [wanted, current]);
    return current;
  }

  return { load, useLoaded };
}
