'use client';

import { useLayoutEffect } from 'react';
import { THEME_STORAGE_KEY } from './theme-script';
import { showTheme } from './theme';

function savedTheme(): string | null {
  try {
    return localStorage.getItem(THEME_STORAGE_KEY);
  } catch {
    return null; // Storage disabled: the system's choice.
  }
}

/**
 * The remembered theme, as THEME_SCRIPT chooses it (the saved theme, else the system's), where the inline
 * script cannot: on pages whose first HTML is Next's error shell (a 404 at an unknown address), the root layout
 * is rendered by React in the browser, where an inline script does not run. And with no saved choice, the
 * page follows the system when it switches (a laptop going dark at sunset).
 */
export function ThemeSync() {
  useLayoutEffect(() => {
    const system = window.matchMedia('(prefers-color-scheme: dark)');
    const apply = () => {
      const saved = savedTheme();
      const dark = saved ? saved === 'dark' : system.matches;
      if (dark !== document.documentElement.classList.contains('dark')) showTheme(dark ? 'dark' : 'light');
    };
    apply();
    system.addEventListener('change', apply);
    return () => system.removeEventListener('change', apply);
  }, []);
  return null;
}
