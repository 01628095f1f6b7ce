'use client';

import type { ReactNode } from 'react';
import { cn, focusRing } from '@/components/ui';
import type { SortDirection } from '@/lib/contract/console/list-read';

/** What a header cell says to assistive technology about its column's order. */
export function ariaSort(active: boolean, dir: SortDirection | undefined): 'ascending' | 'descending' | 'none' {
  if (!active) return 'none';
  return dir === 'desc' ? 'descending' : 'ascending';
}

/**
 * A column header that sorts the list: a real button (Enter and Space work, named by the column), the order
 * shown by an arrow and told by the cell's aria-sort. Ascending, then descending, then back to the id order.
 */
export function SortButton({
  active,
  dir,
  onSort,
  children,
}: {
  active: boolean;
  dir: SortDirection | undefined;
  onSort: () => void;
  children: ReactNode;
}) {
  const arrow = !active ? '↕' : dir === 'desc' ? '↓' : '↑';
  return (
    <button
      type="button"
      onClick={onSort}
      className={cn(
        'inline-flex items-center gap-1 rounded-sm font-semibold hover:text-blue-700 dark:hover:text-blue-400',
        focusRing,
      )}
    >
      {children}
      <span
        aria-hidden="true"
        className={cn('text-xs', active ? 'text-blue-700 dark:text-blue-400' : 'text-zinc-400 dark:text-zinc-500')}
      >
        {arrow}
      </span>
    </button>
  );
}
