'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { cn, focusRing } from '@/components/ui/cn';
import { NavCount } from '@/components/attention/nav-count';
import { useCurrentUser } from '../session/current-user';
import { isCurrent, navItemsFor } from './nav-items';

/**
 * The console's links for the role: the sidebar from 1024 px, the menu sheet's list below (never a sideways strip).
 * `onNavigate` lets the sheet close as a link is followed.
 */
export function MainNav({ className, onNavigate }: { className?: string; onNavigate?: () => void }) {
  const t = useTranslations('nav');
  const pathname = usePathname();
  const { role } = useCurrentUser();
  return (
    <nav aria-label={t('label')} className={className}>
      <ul className="flex flex-col gap-1 px-3 py-4">
        {navItemsFor(role).map((item) => {
          const current = isCurrent(pathname, item.href, item.section);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                aria-current={current ? 'page' : undefined}
                onClick={onNavigate}
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
