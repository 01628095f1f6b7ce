'use client';

import { useTranslations } from 'next-intl';
import { createContext, useContext, type ReactNode } from 'react';
import { ToggleButton } from '@/components/ui';
import { DEFAULT_DENSITY, type Density } from '@/lib/contract/preferences';
import { useSavedChoice } from './saved-choice';

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
  const [density, setDensity] = useSavedChoice<Density>(initial, save);
  return <DensityContext.Provider value={{ density, setDensity }}>{children}</DensityContext.Provider>;
}

export function useDensity(): DensityState {
  return useContext(DensityContext);
}

/** Compact rows on or off. */
export function DensityToggle() {
  const t = useTranslations('dataTable');
  const { density, setDensity } = useDensity();
  const compact = density === 'compact';
  return (
    <ToggleButton
      pressed={compact}
      onToggle={() => setDensity(compact ? 'comfortable' : 'compact')}
      variant="secondary"
    >
      {t('compactRows')}
    </ToggleButton>
  );
}
