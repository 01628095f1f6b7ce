import type { ReactNode } from 'react';
import { cn } from '@/components/ui';

export interface DetailItem {
  label: string;
  value: ReactNode;
}

/** A record's fields as a description list; an empty value reads "Not set" rather than a blank. */
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
        <div key={item.label} className="contents">
          <dt className="text-sm font-medium text-zinc-600 dark:text-zinc-400">{item.label}</dt>
          <dd className="text-sm break-words">
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
