import type { ReactNode } from 'react';
import { cn } from '@/components/ui';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/**
 * A record's fields as a description list; an empty value reads "Not set" rather than a blank. On a phone each
 * label sits small and muted above its value; from 640 px they stand side by side in two columns.
 */
export function DetailList({
  items,
  emptyText,
  className,
}: {
  items: DetailItem[];
  emptyText: string;
  className?: string;
}) {
  return (
    <dl className={cn('grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]', className)}>
      {items.map((item) => (
        <div key={item.label} className="sm:contents">
          <dt className="text-xs text-zinc-600 sm:text-sm sm:font-medium dark:text-zinc-400">{item.label}</dt>
          <dd className="mt-0.5 text-base break-words sm:mt-0 sm:text-sm">
            {item.value === null || item.value === undefined || item.value === '' ? (
              <span className="text-zinc-600 italic dark:text-zinc-400">{emptyText}</span>
            ) : (
              item.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
