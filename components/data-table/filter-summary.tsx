'use client';

import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { Button, cn } from '@/components/ui';
import type { ListFilters, ListName } from '@/lib/contract/lists';
import type { FilterField, FilterFields } from './filter-bar';
import { useIsClient } from './use-is-client';
import type { ListUrlState } from './url-state';
import { isoToLocalInput } from './zoned-date-time';

/** The one key that opens and folds the filters (outside a text box). */
const FILTER_KEY = 'f';

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

export interface FilterSummaryProps<L extends ListName> {
  fields: FilterFields<L>;
  state: ListUrlState<L>;
  setFilters: (patch: ListFilters<L>) => void;
  clearFilters: () => void;
  panelId: string;
  /** null while the width decides (CSS shows the chips below `lg`). */
  chosen: boolean | null;
  open: boolean;
  setOpen: (open: boolean) => void;
}

const chip =
  'inline-flex max-w-[16rem] items-center rounded-full border border-zinc-300 bg-zinc-50 text-xs text-zinc-800 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-200';

/**
 * The filters' toggle, and while they are folded one line of chips, one per filter set: a chip opens the panel
 * at its box, its × removes it. `F` opens or folds the panel from anywhere outside a text box.
 */
export function FilterSummary<L extends ListName>({
  fields,
  state,
  setFilters,
  clearFilters,
  panelId,
  chosen,
  open,
  setOpen,
}: FilterSummaryProps<L>) {
  const t = useTranslations('dataTable');
  const isClient = useIsClient();
  const values = state.filters as Record<string, string | number | undefined>;
  const count = Object.keys(values).length + (state.exactCode ? 1 : 0);

  const show = (focusName?: string) => {
    setOpen(true);
    // After the panel is shown: the chosen filter's box, or the first one.
    requestAnimationFrame(() => {
      const panel = document.getElementById(panelId);
      const target = focusName ? panel?.querySelector<HTMLElement>(`[name="${focusName}"]`) : null;
      (target ?? panel?.querySelector<HTMLElement>('input, select, button'))?.focus();
    });
  };
  const toggle = () => (open ? setOpen(false) : show());

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (
        e.key.toLowerCase() !== FILTER_KEY ||
        e.ctrlKey ||
        e.metaKey ||
        e.altKey ||
        e.defaultPrevented ||
        isTyping(e.target)
      )
        return;
      if (document.querySelector('[role="dialog"][aria-modal="true"], dialog[open]')) return;
      e.preventDefault();
      toggle();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const shown = (field: FilterField, value: string | number): string => {
    if (field.type === 'select') {
      const options = [...field.options, ...(field.groups ?? []).flatMap((g) => g.options)];
      return options.find((o) => o.value === String(value))?.label ?? String(value);
    }
    if (field.type === 'datetime' && typeof value === 'string')
      return isClient ? isoToLocalInput(value).replace('T', ' ') : value;
    if (field.type === 'id' && field.named) return field.named;
    if (field.type === 'id' || field.type === 'custom') return typeof value === 'number' ? `#${value}` : value;
    return String(value);
  };

  const set = (Object.entries(fields) as [string, FilterField][]).filter(([name]) => values[name] !== undefined);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-keyshortcuts="F"
        onClick={toggle}
        className="inline-flex h-8 items-center gap-2 rounded-md border border-zinc-300 bg-white px-3 text-sm font-medium text-zinc-900 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
      >
        <span aria-hidden="true" className="text-xs">
          {open ? '▾' : '▸'}
        </span>
        {t('filtersCount', { count })}
        <kbd
          aria-hidden="true"
          className="rounded border border-zinc-300 px-1 font-mono text-xs text-zinc-600 dark:border-zinc-600 dark:text-zinc-400"
        >
          F
        </kbd>
      </button>
      {set.length === 0 && !state.exactCode ? null : (
        <ul
          aria-label={t('activeFilters')}
          className={cn(
            'flex min-w-0 flex-wrap items-center gap-1.5',
            chosen === null ? 'lg:hidden' : open ? 'hidden' : undefined,
          )}
        >
          {set.map(([name, field]) => (
            <li key={name} className={chip}>
              <button
                type="button"
                className="min-w-0 truncate rounded-l-full py-1 pr-1 pl-2.5 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600"
                title={t('filterChip', { label: field.label, value: shown(field, values[name]!) })}
                onClick={() => show(name)}
              >
                <span className="text-zinc-600 dark:text-zinc-400">{t('filterLabel', { label: field.label })}</span>{' '}
                {shown(field, values[name]!)}
              </button>
              {/* Named by hidden text, not aria-label: a label naming the field would also be found as that
                field's own label ("Updated since") by anyone looking the filter box up by its label. */}
              <button
                type="button"
                className="rounded-r-full py-1 pr-2.5 pl-1 text-zinc-600 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-zinc-400 dark:hover:text-zinc-100"
                onClick={() => setFilters({ [name]: undefined } as ListFilters<L>)}
              >
                <span aria-hidden="true">×</span>
                <span className="sr-only">{t('removeFilter', { name: field.label })}</span>
              </button>
            </li>
          ))}
          {state.exactCode ? <li className={cn(chip, 'px-2.5 py-1')}>{t('exactCode')}</li> : null}
        </ul>
      )}
      {/* Shown only with something to clear: a greyed button took the width that keeps the toolbar on this
          line at 1280 px. */}
      {count > 0 ? (
        <Button variant="ghost" size="sm" onClick={clearFilters}>
          {t('clearFilters')}
        </Button>
      ) : null}
    </div>
  );
}
