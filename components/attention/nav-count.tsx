'use client';

import { useFormatter } from 'next-intl';
import { usePathname } from 'next/navigation';
import { useAttentionCount } from '@/lib/client/attention';

/** The open findings of the person's role, beside "Needs attention"; nothing while unknown or when there are none. */
export function NavCount() {
  const format = useFormatter();
  const count = useAttentionCount(usePathname());
  const total = count.data;
  if (!total) return null;
  return (
    <span
      data-testid="attention-count"
      className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white tabular-nums dark:bg-red-500 dark:text-zinc-950"
    >
      {format.number(total)}
    </span>
  );
}
