'use client';

import { useTranslations } from 'next-intl';
import { createContext, useContext, useState, useTransition, type ReactNode } from 'react';
import { buttonClasses } from '@/components/ui';
import { DEFAULT_DENSITY, type Density } from '@/lib/contract/preferences';

type DensityState = { density: Density; setDensity: (density: Density) => void };

const DensityContext = createContext<DensityState>({ density: DEFAULT_DENSITY, setDensity: () => {} });

/**
 * The account's table density, read by every table. `save` is a server action that keeps the choice with
 * the account, so it holds on any browser; the table changes at once, before the save returns.
 */
export function DensityProvider({
  initial,
  save,
  children,
}: {
  initial: Density;
  save: (density: string) => Promise<void>;
  children: ReactNode;
}) {
  const [density, setLocal] = useState<Density>(initial);
  const [, startTransition] = useTransition();
  const setDensity = (next: Density) => {
    setLocal(next);
    startTransition(async () => {
      try {
        await save(next);
      } catch {
        // Not saved (session ended, server down): the choice still holds on this page.
      }
    });
  };
  return <DensityContext.Provider value={{ density, setDensity }}>{children}</DensityContext.Provider>;
}

export function useDensity(): DensityState {
  return useContext(DensityContext);
}

/** A toggle button named by its text; aria-pressed tells whether compact rows are on. */
export function DensityToggle() {
  const t = useTranslations('dataTable');
  const { density, setDensity } = useDensity();
  const compact = density === 'compact';
  return (
    <button
      type="button"
      aria-pressed={compact}
      onClick={() => setDensity(compact ? 'comfortable' : 'compact')}
      className={buttonClasses('secondary', 'sm')}
    >
      {t('compactRows')}
    </button>
  );
}
