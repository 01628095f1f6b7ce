'use client';

import { useLocale } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { htmlLang, isLocale, type Locale } from '@/lib/i18n/locale';

/** Each language named in itself, so a person who cannot read the current one still finds theirs. */
const OTHER: Record<Locale, { locale: Locale; name: string }> = {
  en: { locale: 'zh-TW', name: '中文' },
  'zh-TW': { locale: 'en', name: 'English' },
};

/**
 * Switches to the other language. `choose` is a server action (it saves the choice with the account and in
 * a cookie); the refresh re-renders every server component and `<html lang>` in the new language.
 */
export function LanguageSwitch({ choose }: { choose: (locale: string) => Promise<void> }) {
  const current = useLocale();
  const other = OTHER[isLocale(current) ? current : 'en'];
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <button
      type="button"
      lang={htmlLang(other.locale)}
      disabled={pending}
      aria-busy={pending}
      className={buttonClasses('ghost', 'sm')}
      onClick={() =>
        startTransition(async () => {
          await choose(other.locale);
          router.refresh();
        })
      }
    >
      {other.name}
    </button>
  );
}
