import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DensityProvider } from '@/components/data-table/density';
import { FiltersFoldingProvider } from '@/components/data-table/filters-folding';
import type { Density } from '@/lib/contract/preferences';
import { CommandPaletteTrigger } from './command-palette-trigger';
import type { CurrentUser } from '../session/current-user';
import { MainNav } from './main-nav';
import { MenuSheet } from './menu-sheet';
import { LanguageSwitch } from './language-switch';
import { ConsoleProviders } from './providers';
import { RouteFocus } from './route-focus';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { ThemeToggle } from './theme-toggle';

export type ConsoleShellProps = {
  user: CurrentUser;
  /** Server action that ends the session (lives in app/, which may reach lib/server). */
  signOutAction: () => Promise<void>;
  /** Server action that saves the language (app/_actions/preferences.ts). */
  chooseLocaleAction: (form: FormData) => Promise<void>;
  /** The account's table density, and the server action that saves a new one. */
  density: Density;
  chooseDensityAction: (density: string) => Promise<void>;
  /** Whether the account keeps list filters folded (null: not chosen), and the action that saves it. */
  filtersFolded: boolean | null;
  chooseFiltersFoldedAction: (folded: boolean) => Promise<void>;
  children: ReactNode;
};

/**
 * Header (name, search, signed-in user and role, language, dark mode, sign out), navigation by role, and the main
 * region. From 1024 px the header holds everything and the navigation is a sidebar; below, the header is one 56-px
 * row (menu, name, search) and the menu sheet holds the navigation and the account block.
 */
export function ConsoleShell(props: ConsoleShellProps) {
  const { user, signOutAction, chooseLocaleAction, density, chooseDensityAction, children } = props;
  const t = useTranslations('shell');
  const roles = useTranslations('roles');
  const account = (inSheet: boolean) => (
    <section
      aria-label={t('account')}
      className={inSheet ? 'flex flex-col items-start gap-3' : 'hidden flex-wrap items-center gap-3 lg:flex'}
    >
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">{t('signedInAs', { name: user.name })}</span>
        <span className="sr-only">{user.email}</span>
        <Badge tone={user.role === 'admin' ? 'info' : 'neutral'}>
          <span className="sr-only">{t('roleLabel')} </span>
          {roles(user.role)}
        </Badge>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <LanguageSwitch choose={chooseLocaleAction} />
        <ThemeToggle />
        <form action={signOutAction}>
          <Button type="submit" variant="secondary" size="sm">
            {t('signOut')}
          </Button>
        </form>
      </div>
    </section>
  );
  return (
    <ConsoleProviders user={user}>
      <SkipLink />
      <RouteFocus containerId={MAIN_CONTENT_ID} />
      <div className="flex min-h-screen flex-col">
        <header className="flex h-14 items-center gap-2 border-b border-zinc-200 bg-white px-2 lg:h-auto lg:flex-wrap lg:justify-between lg:gap-x-4 lg:gap-y-2 lg:px-4 lg:py-3 dark:border-zinc-800 dark:bg-zinc-900">
          <MenuSheet>{account(true)}</MenuSheet>
          <p className="min-w-0 flex-1 truncate text-base font-semibold lg:flex-none">{t('appName')}</p>
          <CommandPaletteTrigger />
          {account(false)}
        </header>
        <div className="flex flex-1 flex-col lg:flex-row">
          <MainNav className="hidden border-r border-zinc-200 bg-zinc-50 lg:block lg:w-56 lg:shrink-0 dark:border-zinc-800 dark:bg-zinc-900/40" />
          <main id={MAIN_CONTENT_ID} tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none lg:px-8">
            <DensityProvider initial={density} save={chooseDensityAction}>
              <FiltersFoldingProvider initial={props.filtersFolded} save={props.chooseFiltersFoldedAction}>
                {children}
              </FiltersFoldingProvider>
            </DensityProvider>
          </main>
        </div>
      </div>
    </ConsoleProviders>
  );
}
