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
      <Button
        variant="secondary"
        size="sm"
        aria-keyshortcuts="Control+K /"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        {t('open')}{' '}
        <kbd className="ml-1 rounded border border-zinc-300 px-1 text-xs text-zinc-600 dark:border-zinc-600 dark:text-zinc-300">
          Ctrl K
        </kbd>
      </Button>
      {loaded ? <CommandPalette open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
