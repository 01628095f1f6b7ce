'use client';

import { useLayoutEffect } from 'react';
import { THEME_STORAGE_KEY } from './theme-script';
import { showTheme } from './theme';

/**
 * The remembered theme on pages whose first HTML is Next's error shell (a 404 at an unknown address): there
 * the root layout, and THEME_SCRIPT with it, is rendered by React in the browser, where an inline script does
 * not run. The same choice as THEME_SCRIPT: the saved theme, else the system's.
 */
export function ThemeSync() {
  useLayoutEffect(() => {
    let saved: string | null = null;
    try {
      saved = localStorage.getItem(THEME_STORAGE_KEY);
    } catch {
      // Storage disabled: the system's choice.
    }
    const dark = saved ? saved === 'dark' : window.matchMedia('(prefers-color-scheme: dark)').matches;
    if (dark !== document.documentElement.classList.contains('dark')) showTheme(dark ? 'dark' : 'light');
  }, []);
  return null;
}
