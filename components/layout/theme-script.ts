/** Where the theme choice is remembered (localStorage). */
export const THEME_STORAGE_KEY = 'console-theme';

/**
 * Runs before the first paint (inline in <head> of the root layout) so a dark-mode user never sees a white
 * flash: the remembered choice, else the system preference. A string because it must run before any bundle.
 * Kept out of theme.ts: a 'use client' module's exports are references, not values, on the server.
 */
export const THEME_SCRIPT = `(function(){try{var s=localStorage.getItem('${THEME_STORAGE_KEY}');var d=s?s==='dark':window.matchMedia('(prefers-color-scheme: dark)').matches;var e=document.documentElement;e.classList.toggle('dark',d);e.style.colorScheme=d?'dark':'light';}catch(_){}})();`;
