'use client';

import { useTranslations } from 'next-intl';
import { ToggleButton } from '@/components/ui/toggle-button';
import { setTheme, useTheme } from './theme';

/** Dark mode on or off. */
export function ThemeToggle() {
  const t = useTranslations('shell');
  const theme = useTheme();
  const dark = theme === 'dark';
  return (
    <ToggleButton pressed={dark} onToggle={() => setTheme(dark ? 'light' : 'dark')} variant="ghost">
      <span aria-hidden="true">{dark ? '☾' : '☀'}</span>
      {t('darkMode')}
    </ToggleButton>
  );
}
