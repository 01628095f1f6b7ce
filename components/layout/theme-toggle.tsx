'use client';

import { useTranslations } from 'next-intl';
import { buttonClasses } from '@/components/ui/button';
import { setTheme, useTheme } from './theme';

/** A toggle button named by its text; aria-pressed tells whether dark mode is on. */
export function ThemeToggle() {
  const t = useTranslations('shell');
  const theme = useTheme();
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      aria-pressed={dark}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      className={buttonClasses('ghost', 'sm')}
    >
      <span aria-hidden="true">{dark ? '☾' : '☀'}</span>
      {t('darkMode')}
    </button>
  );
}
