'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';

// The palette and cmdk load on first open only: a list page's first load does not carry them.
const CommandPalette = dynamic(() => import('./command-palette').then((m) => m.CommandPalette), { ssr: false });

/** Where typing `/` is text, not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The header's search button, and Ctrl+K (⌘K) anywhere or `/` outside a text box, open the palette. */
export function CommandPaletteTrigger() {
  const t = useTranslations('find');
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const ctrlK = (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k';
      const slash = e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTyping(e.target);
      if (!ctrlK && !slash) return;
      e.preventDefault();
      setLoaded(true);
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      {/* Below 1024 px an icon with the same name; the shortcut is shown only where a keyboard is likely. */}
      <Button
        variant="secondary"
        size="sm"
        aria-keyshortcuts="Control+K /"
        className="h-10! w-10! shrink-0 px-0! lg:h-8! lg:w-auto! lg:px-3!"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <SearchIcon />
        <span className="sr-only lg:not-sr-only">{t('open')}</span>
        <kbd className="ml-1 hidden rounded border border-zinc-300 px-1 text-xs text-zinc-600 lg:inline [@media(hover:none)_and_(pointer:coarse)]:hidden dark:border-zinc-600 dark:text-zinc-300">
          Ctrl K
        </kbd>
      </Button>
      {loaded ? <CommandPalette open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function SearchIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5 shrink-0 lg:hidden"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-4-4" strokeLinecap="round" />
    </svg>
  );
}
