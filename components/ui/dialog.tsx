'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { buttonClasses } from './button';
import { cn } from './cn';

export type DialogProps = {
  open: boolean;
  /** Called when the user closes it (Escape, the close button, or a click on the backdrop). */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons row at the bottom, e.g. Cancel / Confirm. */
  footer?: ReactNode;
  className?: string;
};

const FIELDS = 'input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * Where focus goes when the dialog opens: an element marked `data-autofocus`, else the first field, else the
 * primary action (the last button of the footer), and Close only when there is nothing else. The browser's
 * own choice would be Close, the first button in the markup.
 */
export function initialFocus(dialog: HTMLElement): HTMLElement | null {
  const marked = dialog.querySelector<HTMLElement>('[data-autofocus]');
  if (marked) return marked;
  const field = dialog.querySelector<HTMLElement>(`[data-dialog-body] :is(${FIELDS})`);
  if (field) return field;
  const actions = dialog.querySelectorAll<HTMLElement>(
    '[data-dialog-footer] button:not([disabled]), [data-dialog-footer] a[href]',
  );
  return actions[actions.length - 1] ?? null;
}

/**
 * A modal on the native <dialog>: the browser traps focus, makes the page inert, closes on Escape and
 * restores focus to the opener, so we only keep `open` in sync (and choose where focus starts).
 */
export function Dialog({ open, onClose, title, description, children, footer, className }: DialogProps) {
  const t = useTranslations('ui');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      initialFocus(dialog)?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // Escape fires `cancel`; keep React state the single source of truth.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
      className={cn(
        'm-auto w-[min(32rem,calc(100vw-2rem))] rounded-lg border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl',
        'backdrop:bg-zinc-950/50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100',
        className,
      )}
    >
      {open ? (
        // Within the visible height (the on-screen keyboard takes part of it): the title and the actions stay
        // in view and only the body scrolls, so Save is never pushed below the keyboard.
        <div className="flex max-h-[calc(100dvh-2.5rem)] flex-col p-5">
          <div className="flex shrink-0 items-start justify-between gap-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button type="button" onClick={onClose} className={buttonClasses('ghost', 'sm')}>
              {t('close')}
            </button>
          </div>
          {description ? (
            <p id={descriptionId} className="mt-1 shrink-0 text-sm text-zinc-600 dark:text-zinc-400">
              {description}
            </p>
          ) : null}
          {children ? (
            <div data-dialog-body className="-mx-1 mt-4 min-h-0 overflow-y-auto px-1 pb-1">
              {children}
            </div>
          ) : null}
          {footer ? (
            <div data-dialog-footer className="mt-4 flex shrink-0 flex-wrap justify-end gap-2">
              {footer}
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
