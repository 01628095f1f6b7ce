'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { Button, Select } from '@/components/ui';
import { PAGE_SIZE_CHOICES } from './url-state';

export interface PaginationProps {
  page: number;
  pageSize: number;
  totalPages: number | undefined;
  /**
   * The list was counted only so far (totalPages is not the last page): whether a next page may follow (this one
   * is full). The pages are then numbered without a last one.
   */
  more?: boolean;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  /** The sizes offered (the mirror's lists offer 500). */
  choices?: readonly number[];
}

export function Pagination({
  page,
  pageSize,
  totalPages,
  more,
  onPageChange,
  onPageSizeChange,
  choices: offered = PAGE_SIZE_CHOICES,
}: PaginationProps) {
  const t = useTranslations('dataTable');
  const sizeId = useId();
  const last = Math.max(totalPages ?? 1, 1);
  // A page size from a shared link (any 1–100) stays selectable.
  const choices = offered.includes(pageSize) ? offered : [...offered, pageSize].sort((a, b) => a - b);
  return (
    <nav aria-label={t('pagination')} className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <div className="flex items-center gap-2">
        {/* On one line: wrapped, the bar grew and pushed the table's sticky header above the window. */}
        <label htmlFor={sizeId} className="whitespace-nowrap text-zinc-700 dark:text-zinc-300">
          {t('rowsPerPage')}
        </label>
        <Select
          id={sizeId}
          className="w-auto"
          value={pageSize}
          onChange={(e) => onPageSizeChange(Number(e.target.value))}
        >
          {choices.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
      </div>
      <div className="flex items-center gap-2">
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(1)}>
          {t('firstPage')}
        </Button>
        <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
          {t('previousPage')}
        </Button>
        <span className="px-1 tabular-nums" aria-current="page">
          {more === undefined ? t('pageOf', { page, total: last }) : t('pageOnly', { page })}
        </span>
        <Button
          variant="secondary"
          size="sm"
          disabled={more === undefined ? totalPages === undefined || page >= last : !more}
          onClick={() => onPageChange(page + 1)}
        >
          {t('nextPage')}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={more !== undefined || totalPages === undefined || page >= last}
          onClick={() => onPageChange(last)}
        >
          {t('lastPage')}
        </Button>
      </div>
    </nav>
  );
}
