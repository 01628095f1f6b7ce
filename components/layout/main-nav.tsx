'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { cn, focusRing } from '@/components/ui/cn';
import { NavCount } from '@/components/attention/nav-count';
import { useCurrentUser } from '../session/current-user';
import { isCurrent, navItemsFor } from './nav-items';

/** One nav for every screen size: a sidebar on wide screens, a scrollable row on narrow ones. */
export function MainNav({ className }: { className?: string }) {
  const t = useTranslations('nav');
  const pathname = usePathname();
  const { role } = useCurrentUser();
  return (
    <nav aria-label={t('label')} className={className}>
      <ul className="flex gap-1 overflow-x-auto px-3 py-2 lg:flex-col lg:overflow-visible lg:px-3 lg:py-4">
        {navItemsFor(role).map((item) => {
          const current = isCurrent(pathname, item.href, item.section);
          return (
            <li key={item.href} className="shrink-0">
              <Link
                href={item.href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium',
                  current
                    ? 'bg-blue-50 text-blue-800 dark:bg-blue-950 dark:text-blue-200'
                    : 'text-zinc-700 hover:bg-zinc-100 hover:text-zinc-900 dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-zinc-50',
                  focusRing,
                )}
              >
                {t(item.label)}
                {item.label === 'attention' ? <NavCount /> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
