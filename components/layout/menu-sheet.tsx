'use client';

import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { MainNav } from './main-nav';

/** Where the sidebar takes over (Tailwind's `lg`): the sheet and its button exist only below it. */
const WIDE = '(min-width: 1024px)';

/**
 * Below 1024 px the navigation, the account, the language and dark mode live in a sheet that slides from the
 * side. It is a native modal <dialog>: the browser traps focus, makes the page inert, closes it on Escape and
 * gives focus back to the menu button. `children` is the account block, rendered on the server.
 */
export function MenuSheet({ children }: { children: ReactNode }) {
  const t = useTranslations('shell');
  const ui = useTranslations('ui');
  const pathname = usePathname();
  // Open on the page it was opened on: a page reached any way (a link, the back button) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  // Turned to a wide screen with the sheet open: the sidebar shows the same, and a modal would trap focus for nothing.
  useEffect(() => {
    const wide = window.matchMedia(WIDE);
    const onChange = () => wide.matches && setOpenOn(null);
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className={cn(buttonClasses('ghost', 'md'), 'w-10 shrink-0 px-0! lg:hidden')}
      >
        <MenuIcon />
        <span className="sr-only">{t('menu')}</span>
      </button>
      <dialog
        ref={ref}
        aria-labelledby="menu-sheet-title"
        onCancel={(event) => {
          event.preventDefault();
          setOpen(false);
        }}
        onClick={(event) => {
          if (event.target === ref.current) setOpen(false);
        }}
        className={cn(
          'fixed inset-y-0 left-0 m-0 h-dvh max-h-none w-[min(20rem,calc(100vw-3rem))] max-w-none overflow-y-auto p-0',
          'border-r border-zinc-200 bg-white text-zinc-900 shadow-xl backdrop:bg-zinc-950/50',
          'dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
        )}
      >
        {open ? (
          <div className="flex min-h-full flex-col">
            <div className="flex h-14 items-center justify-between gap-2 border-b border-zinc-200 px-4 dark:border-zinc-800">
              <h2 id="menu-sheet-title" className="text-base font-semibold">
                {t('menu')}
              </h2>
              <button type="button" onClick={() => setOpen(false)} className={buttonClasses('ghost', 'md')}>
                {ui('close')}
              </button>
            </div>
            {/* Closed as the link is followed, so focus returns to the menu button and then moves to the new h1. */}
            <MainNav onNavigate={() => setOpen(false)} />
            <div className="mt-auto border-t border-zinc-200 px-4 py-4 dark:border-zinc-800">{children}</div>
          </div>
        ) : null}
      </dialog>
    </>
  );
}

function MenuIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-6 shrink-0"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M4 6h16M4 12h16M4 18h16" strokeLinecap="round" />
    </svg>
  );
}
